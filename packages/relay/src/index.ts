export { type Frame, parseFrame } from './jsonrpc.ts'
export { type Relay, type RelayOptions, startRelay } from './relay.ts'
