// No imports: the chain adapter's interface (types.ts) refers to these.

/** CAIP-2 network id, e.g. `eip155:1` (as `CaipNetworkId` in types.ts). */
type CaipNetworkId = `${string}:${string}`

/** A sign-in message's fields (CAIP-122; for eip155 written out as EIP-4361, "Sign-In with Ethereum"). */
export interface SiwxMessageData {
  accountAddress: string
  /** CAIP-2 id of the network the account signs in on. */
  chainId: CaipNetworkId
  /** The host (and port) of the page asking, e.g. 'app.example:443'. */
  domain: string
  /** The page's origin. */
  uri: string
  version: '1'
  /** Single-use value from the session store. */
  nonce: string
  /** ISO 8601. */
  issuedAt: string
  expirationTime?: string | undefined
  notBefore?: string | undefined
  statement?: string | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
}

/** SPEC §3 sign-in session: message data, message text, signature. */
export interface SiwxSession {
  data: SiwxMessageData
  message: string
  signature: string
  /** The store's id for it (the Latch server's session id: the `pci` that revokes it). */
  id?: string | undefined
}

/**
 * Where sign-in sessions live. The default keeps them on the Latch server at `apiUrl` (nonce, verification
 * and sessions endpoints); an app may keep them elsewhere.
 */
export interface SiwxStore {
  /** A fresh single-use nonce for the account's next message. */
  getNonce(account: { address: string; chainId: CaipNetworkId }): Promise<string>
  /** Verifies the signed message and keeps it as a session; rejects when it does not verify. */
  addSession(session: SiwxSession): Promise<void>
  /** The account's live sessions on the network (empty when there are none). */
  getSessions(account: { address: string; chainId: CaipNetworkId }): Promise<SiwxSession[]>
  /** Forgets this browser's sessions (on disconnect). */
  clearSessions?(): Promise<void> | void
}

/**
 * An app signed in with plain SIWE (Sign-In with Ethereum) rather than a session store: its own server
 * gives nonces, verifies messages and knows the session. Shown as the ConnectingSiwe view.
 */
export interface SiweConfig {
  required?: boolean
  statement?: string
  getNonce(address: string): Promise<string>
  /** True when the server accepted the signed message and started a session. */
  verifyMessage(signed: { message: string; signature: string }): Promise<boolean>
  /** The server's current session, if any. */
  getSession(): Promise<{ address: string; chainId: number } | null>
  signOut(): Promise<boolean>
}
