export { ProviderRpcError } from './errors.ts'
export { installDevWallet } from './installDevWallet.ts'
export type {
  ApprovalRequest,
  DevWallet,
  DevWalletChain,
  DevWalletProvider,
  InstallDevWalletParameters,
  ProviderListener,
  RequestArguments,
} from './types.ts'
