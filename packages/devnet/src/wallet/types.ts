export interface DevWalletChain {
  chainId: number
  name: string
  /** Without an RPC URL the wallet knows the chain but cannot read from it. */
  rpcUrl?: string
}

export interface InstallDevWalletParameters {
  chains: DevWalletChain[]
  /** Approve every request without a prompt. When given, it overrides the value saved in localStorage. */
  autoApprove?: boolean
  /** Anvil account 0–9. When given, it overrides the value saved in localStorage. Defaults to 0. */
  accountIndex?: number
  /** localStorage key of the wallet's saved state. Defaults to 'latch-devwallet'. */
  storageKey?: string
  /**
   * The local Solana chain: when given, the wallet is also a Wallet Standard wallet on `solana:localnet` (the
   * same product in both namespaces, as Phantom or Backpack are), holding the test accounts of the same index.
   */
  solana?: { rpcUrl: string }
}

export interface RequestArguments {
  method: string
  params?: readonly unknown[] | object
}

export type ProviderListener = (...args: unknown[]) => void

/** An EIP-1193 provider. */
export interface DevWalletProvider {
  request(args: RequestArguments): Promise<unknown>
  on(event: string, listener: ProviderListener): DevWalletProvider
  removeListener(event: string, listener: ProviderListener): DevWalletProvider
  readonly isLatchDevWallet: true
}

export interface DevWallet {
  provider: DevWalletProvider
  setAutoApprove(autoApprove: boolean): void
  /** Switches like `wallet_switchEthereumChain`; throws code 4902 for an unknown chain. */
  switchChain(chainId: number): void
  /** Removes the UI and listeners and emits `disconnect`; saved state stays for the next install. */
  destroy(): void
}

/** What an approval prompt shows. */
export interface ApprovalRequest {
  title: string
  details: { label: string; value: string }[]
  /** Long text shown as-is, e.g. the message to sign. */
  body?: string
}
