// The page's first load imports only this file: keep it free of viem and mipd (they load with adapter.ts).
export { type DefineEvmNetworkParameters, defineEvmNetwork, type EvmNetwork } from './defineEvmNetwork.ts'
export { BalanceUnavailableError, ChainMismatchError } from './errors.ts'
export { evmAdapter } from './evmAdapter.ts'
export {
  arbitrum,
  base,
  devnetA,
  devnetB,
  devnetNetwork,
  mainnet,
  optimism,
  polygon,
  sepolia,
} from './networks.ts'
export type { EvmAdapterOptions } from './options.ts'
export type { EvmWalletConnectOptions, WalletConnectStorage } from './walletConnect/types.ts'
