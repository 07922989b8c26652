import type { Connector, ConnectResult, Metadata, Network, WalletConnectSettings } from '@latch/core'
import { withTimeout } from '@latch/core'
import type { Eip1193Provider } from '../provider.ts'

/** The WalletConnect connector's id; its connection is stored and reconnected under it. */
export const WALLET_CONNECT_ID = 'walletConnect'

/** The row the adapter lists when the app offers WalletConnect. Its picture is the modal's own QR icon. */
export const walletConnectConnector: Connector = {
  id: WALLET_CONNECT_ID,
  name: 'WalletConnect',
  type: 'WALLET_CONNECT',
  chain: 'eip155',
}

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

/**
 * WalletConnect for the EVM adapter: `client()` loads `@walletconnect/universal-provider` (its own chunk) on
 * first use and starts one client; nothing of it is fetched for an app or a visitor that never uses it.
 *
 * @example
 * const walletConnect = createWalletConnect({ settings, networks, metadata, options: {}, startTimeoutMs, requestTimeoutMs })
 * const { accounts } = await (await walletConnect.client()).connect({ onUri: showQrCode })
 */
export function createWalletConnect(parameters: WalletConnectParameters) {
  let client: Promise<WalletConnectClient> | undefined
  let started: WalletConnectClient | undefined
  return {
    client(): Promise<WalletConnectClient> {
      client ??= withTimeout(
        import('./client.ts').then(({ startWalletConnectClient }) => startWalletConnectClient(parameters)),
        parameters.startTimeoutMs,
        'starting WalletConnect',
      ).then(
        (value) => {
          started = value
          return value
        },
        (error: unknown) => {
          // The chunk or the relay may answer on the next try.
          client = undefined
          throw error
        },
      )
      return client
    },
    /** The client if it has started, without starting it. */
    started: () => started,
  }
}
