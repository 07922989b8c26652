// The WalletConnect connector's types, apart from its code: the lazy client (client.ts) and its loader
// (walletConnect.ts) both use them.
import type { ConnectResult, Metadata, Network, WalletConnectSettings } from '@latch/core'
import type { Eip1193Provider } from '../provider.ts'

/**
 * Where WalletConnect keeps its pairings and sessions: IndexedDB in a browser by default. Hosts without one
 * (Node, tests) pass their own; the methods are those of `@walletconnect/keyvaluestorage`.
 */
export interface WalletConnectStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

/** `evmAdapter`'s WalletConnect settings; where to pair comes from `createLatch`'s `walletConnect` option. */
export interface EvmWalletConnectOptions {
  storage?: WalletConnectStorage | undefined
  /**
   * Keeps this app's WalletConnect data apart from another WalletConnect client's on the same origin (and is
   * how WalletConnect tells its clients in one page apart). Default 'latch'.
   */
  storagePrefix?: string | undefined
}

/** A live WalletConnect client: the universal provider as an EIP-1193 provider, and its session. */
export interface WalletConnectClient {
  readonly provider: Eip1193Provider
  /** Pairs: `onUri` gets the URI at once, the promise the accounts once a wallet approves. */
  connect(parameters: {
    network?: Network | undefined
    onUri?: ((uri: string) => void) | undefined
  }): Promise<ConnectResult>
  /** The session kept from an earlier visit, if the wallet has not ended it. */
  restore(): Promise<ConnectResult | undefined>
  disconnect(): Promise<void>
}

export interface WalletConnectParameters {
  settings: WalletConnectSettings
  networks: readonly Network[]
  metadata: Metadata | undefined
  options: EvmWalletConnectOptions
  /** Bound on starting the client (its code arriving, the relay answering). */
  startTimeoutMs: number
  /** Bound on telling the wallet the session ended. */
  requestTimeoutMs: number
}
