import type { FrameSession } from './frame/types.ts'
import type { SiwxMessageData } from './siwx/types.ts'

/** Chain namespaces of SPEC §3. */
export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122'

/** CAIP-2 network id, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`
/** CAIP-10 account id, e.g. `eip155:1:0xabc…`. */
export type CaipAddress = `${string}:${string}:${string}`

/** Account types of SPEC §3. */
export type AccountType = 'eoa' | 'smartAccount' | 'payment'

/**
 * A network as Latch sees it (SPEC §3 "Network (CAIP)"). The EVM fields match viem's `Chain`, so a viem
 * chain plus `caipNetworkId` and `chainNamespace` is a Network.
 */
export interface Network {
  /** Chain reference inside its namespace: 1 for Ethereum, 31337 for devnet A. */
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  assets?: { imageId?: string; imageUrl?: string }
  testnet?: boolean
}

/**
 * Connector types. SPEC §3 names AUTH, MULTI_CHAIN and ANNOUNCED; INJECTED is the legacy `window.ethereum`
 * fallback, WALLET_CONNECT and EXTERNAL arrive with later connectors.
 */
export type ConnectorType = 'ANNOUNCED' | 'INJECTED' | 'WALLET_CONNECT' | 'EXTERNAL' | 'AUTH' | 'MULTI_CHAIN'

/** A way to reach a wallet (SPEC §3 "Connector"). */
export interface Connector {
  id: string
  name: string
  type: ConnectorType
  chain: ChainNamespace
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string }
  /** The wallet's provider object (EIP-1193 for eip155). Opaque to core. */
  provider?: unknown
}

/** What an adapter reports after connecting or reconnecting. */
export interface ConnectResult {
  accounts: readonly string[]
  /** Chain reference the wallet is on, in the adapter's namespace. */
  chainId: number | string
}

export interface Balance {
  value: bigint
  decimals: number
  symbol: string
}

/** A transfer ready for `sendTransaction`, with its estimated cost. */
export interface PreparedTransfer {
  to: string
  value?: bigint | undefined
  data?: string | undefined
  /**
   * The token `value` counts, where the namespace sends tokens by naming them (a Solana SPL mint); EVM transfers
   * of an ERC-20 carry it in `to` and `data` instead.
   */
  token?: string | undefined
  /** Gas units the transaction is estimated to use (on Solana: the lamports it costs, at a `gasPrice` of 1). */
  gas: bigint
  /** Price of one gas unit, in the network coin's base units. */
  gasPrice: bigint
}

/** Events an adapter reports for a live connection. */
export type AdapterEvent =
  | { type: 'accountsChanged'; accounts: readonly string[] }
  | { type: 'chainChanged'; chainId: number | string }
  | { type: 'disconnect' }

/** The connector an adapter acts through: its id in the adapter's discovery. */
export interface AdapterConnectorParameters {
  connectorId: string
}

export interface AdapterConnectParameters extends AdapterConnectorParameters {
  /** The network to connect on, where the wallet can be asked for one. */
  network?: Network | undefined
  /** Called with the WalletConnect pairing URI as soon as it exists (WalletConnect connectors only). */
  onUri?: ((uri: string) => void) | undefined
}

export interface AdapterSwitchNetworkParameters extends AdapterConnectorParameters {
  network: Network
}

/** An address on a network: what balance and smart-account reads take. */
export interface AdapterAccountParameters {
  address: string
  network: Network
}

export interface AdapterSignMessageParameters extends AdapterConnectorParameters {
  address: string
  message: string
}

export interface AdapterSendTransactionParameters extends AdapterConnectorParameters {
  network: Network
  from: string
  to: string
  /** In the network coin's base units. */
  value?: bigint | undefined
  /** Hex calldata. */
  data?: string | undefined
  /** The token `value` counts (a Solana SPL mint), as `prepareTransfer` gave it. */
  token?: string | undefined
  /** The gas limit; the wallet estimates it when absent. */
  gas?: bigint | undefined
}

/** One call of `sendCalls`: what a transaction would carry. */
export interface AdapterCall {
  to: string
  /** In the network coin's base units. */
  value?: bigint | undefined
  /** Hex calldata. */
  data?: string | undefined
}

export interface AdapterSendCallsParameters extends AdapterConnectorParameters {
  network: Network
  from: string
  calls: readonly AdapterCall[]
  /** Refuse rather than send them one by one when the wallet cannot make them one atomic operation. */
  atomicRequired: boolean
}

/** Calls handed to the wallet: the id their status is asked by, and whether they go as one atomic operation. */
export interface SentCalls {
  id: string
  atomic: boolean
}

/** A mined call's (or atomic bundle's) transaction. */
export interface CallReceipt {
  transactionHash: string
  status: 'success' | 'reverted'
}

/** Where sent calls are: pending until all are mined; a failure when one reverted or was never sent. */
export interface CallsStatus {
  status: 'pending' | 'success' | 'failure'
  atomic: boolean
  receipts: readonly CallReceipt[]
}

export interface AdapterPrepareTransferParameters {
  network: Network
  from: string
  to: string
  /** In base units of the coin or the token. */
  amount: bigint
  /** The token contract; the network's coin when absent. */
  token?: string | undefined
}

/**
 * The one interface through which a chain plugs into Latch (DESIGN.md rule 4). Every method settles:
 * it resolves or rejects with a `BaseError` subclass (see `errors/`).
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /** Starts connector discovery; calls `onChange` with the whole list on every change. Returns a stop. */
  watchConnectors(onChange: (connectors: readonly Connector[]) => void): () => void
  /**
   * Asks the wallet for accounts (a user prompt). A WalletConnect connector calls `onUri` with the pairing
   * URI as soon as it exists, before any wallet has answered: the QR code and the wallets' links carry it.
   */
  connect(parameters: AdapterConnectParameters): Promise<ConnectResult>
  /** Silent reconnect: resolves undefined when the wallet has not authorised this site. */
  reconnect(parameters: AdapterConnectorParameters): Promise<ConnectResult | undefined>
  disconnect(parameters: AdapterConnectorParameters): Promise<void>
  switchNetwork(parameters: AdapterSwitchNetworkParameters): Promise<void>
  getBalance(parameters: AdapterAccountParameters): Promise<Balance>
  signMessage(parameters: AdapterSignMessageParameters): Promise<string>
  sendTransaction(parameters: AdapterSendTransactionParameters): Promise<string>
  /**
   * Resolves once the transaction `hash` is mined, reverted or not; rejects when it is not within 2 minutes. Absent
   * where `sendTransaction` answers once the transaction is final already.
   */
  waitForTransaction?(parameters: { network: Network; hash: string }): Promise<void>
  /**
   * Prepares sending `amount` (base units) of the network's coin, or of the token contract `token`, from
   * `from` to `to`: the transaction to send and what it will cost (SPEC §3 send state). Reads the chain; no
   * prompt.
   */
  prepareTransfer(parameters: AdapterPrepareTransferParameters): Promise<PreparedTransfer>
  /**
   * Sends several calls (EIP-5792): as one atomic operation where the wallet can, else one after another. Absent where
   * the namespace has no such thing.
   */
  sendCalls?(parameters: AdapterSendCallsParameters): Promise<SentCalls>
  /** The status of calls `sendCalls` sent. */
  getCallsStatus?(
    parameters: AdapterConnectorParameters & { network: Network; id: string },
  ): Promise<CallsStatus>
  /** The text of a sign-in message (CAIP-122; EIP-4361 on eip155); absent where sign-in is not offered. */
  formatSignInMessage?(data: SiwxMessageData): string
  /** Whether `address` is a contract (smart) account on `network`: the gas check passes for those. */
  isSmartAccount(parameters: AdapterAccountParameters): Promise<boolean>
  /** Listens to a connected wallet's account, chain and disconnect events. Returns a stop. */
  watchConnection(connectorId: string, listener: (event: AdapterEvent) => void): () => void
}

/** How the app presents itself to wallets (WalletConnect shows it in the wallet's connect prompt). */
export interface Metadata {
  name: string
  description: string
  url: string
  icons: string[]
}

/** Where WalletConnect pairs: the `walletConnect` option with its defaults filled in. */
export interface WalletConnectSettings {
  /** `ws:` or `wss:` URL of a WalletConnect v2 relay. */
  relayUrl: string
  /** Required by WalletConnect's public relay; a self-hosted relay needs none. */
  projectId: string | undefined
}

/** A key/value store for recent wallets and reconnect (localStorage by default). */
export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** What an adapter is given when it is loaded. */
export interface AdapterContext {
  /** The app's networks of this adapter's namespace. */
  networks: readonly Network[]
  /** Set when the app offers WalletConnect: the adapter lists a WALLET_CONNECT connector. */
  walletConnect?: WalletConnectSettings | undefined
  /** The app's name, description, URL and icons, as wallets show them when asked to connect. */
  metadata?: Metadata | undefined
  /**
   * Set when the app offers e-mail login (`frameUrl`): the embedded wallet's frame, loaded on first call. The
   * adapter lists an AUTH connector whose provider asks it.
   */
  frame?: (() => Promise<FrameSession>) | undefined
  /** The app's storage (the `storage` option): where a wallet the page drives keeps what it must remember. */
  storage?: KeyValueStorage | undefined
}

/**
 * What an app passes in `adapters`: a namespace and a lazy loader, so the adapter's code (viem, …) is
 * fetched only when first needed.
 */
export interface AdapterFactory {
  readonly namespace: ChainNamespace
  load(context: AdapterContext): Promise<ChainAdapter>
}
