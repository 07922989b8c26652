// The page's first load imports only this file: keep it free of @solana/kit and the Wallet Standard (they load
// with adapter.ts).
export {
  type DefineSolanaNetworkParameters,
  defineSolanaNetwork,
  LATCH_LOCALNET_GENESIS_HASH,
  type SolanaNetwork,
  solana,
  solanaDevnet,
  solanaLocalnet,
  solanaTestnet,
  type WalletStandardChain,
} from './networks.ts'
export type { SolanaAdapterOptions } from './options.ts'
export { solanaAdapter } from './solanaAdapter.ts'
