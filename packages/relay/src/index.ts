export { type Frame, parseFrame } from './jsonrpc.ts'
export { redisStore } from './redisStore.ts'
export { type Relay, type RelayOptions, startRelay } from './relay.ts'
export { memoryStore, type RelayStore, type StoredMessage } from './store.ts'
