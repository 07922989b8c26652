import { WalletConnectNotConfiguredError } from '../errors/BaseError.ts'
import type { Connector } from '../types.ts'
import {
  isPairingExpired,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_EXPIRY_MS,
  PAIRING_START_MS,
} from '../walletConnect/pairing.ts'
import type { AdapterRegistry } from './adapters.ts'
import type { ConnectAttempts } from './connect.ts'
import type { ClientContext } from './context.ts'

export interface WalletConnectPairing {
  /**
   * Starts a WalletConnect pairing, or keeps the one in progress while its link is good: the URI lands in
   * `connection.wcUri` with its expiry, and is renewed without the visitor doing anything when it comes within
   * 10 s of expiring while the modal is open (SPEC §4). Closing the modal gives the pairing up.
   */
  connectWalletConnect(connectorId?: string): Promise<void>
  stop(): void
}

export function createWalletConnect(
  context: ClientContext,
  registry: AdapterRegistry,
  attempts: ConnectAttempts,
): WalletConnectPairing {
  const { connection, connectors, modal, options } = context
  let renewTimer: ReturnType<typeof setTimeout> | undefined
  /** The attempt in progress, while it is the latest. */
  let pending: { connectorId: string; promise: Promise<void> } | undefined
  let starting: Promise<void> | undefined

  const clearRenewal = () => {
    clearTimeout(renewTimer)
    renewTimer = undefined
  }
  const forgetLink = () => {
    clearRenewal()
    pending = undefined
    connection.setState({ wcUri: undefined, wcPairingExpiry: undefined })
  }

  /** The app's WalletConnect connector; adapters are loaded first, since they list it. */
  async function findConnector(connectorId: string | undefined): Promise<Connector> {
    const find = () =>
      connectors
        .getState()
        .list.find((c) => c.type === 'WALLET_CONNECT' && (!connectorId || c.id === connectorId))
    if (!find() && options.walletConnect)
      await Promise.all(
        options.adapters.map((factory) => registry.getAdapter(factory.namespace).catch(() => undefined)),
      )
    const found = find()
    if (!found) throw new WalletConnectNotConfiguredError()
    return found
  }

  /** Whether the pairing is still the connect attempt in progress (no other wallet was picked since). */
  function inProgress(): boolean {
    const { status, pendingConnectorId } = connection.getState()
    return !!pending && status === 'connecting' && pendingConnectorId === pending.connectorId
  }

  /** The attempt in progress if its link is still good to scan (or still on its way). */
  function current(connectorId: string | undefined): Promise<void> | undefined {
    if (!pending || !inProgress() || (connectorId && connectorId !== pending.connectorId)) return undefined
    const { wcUri, wcPairingExpiry } = connection.getState()
    return !wcUri || !isPairingExpired(wcPairingExpiry) ? pending.promise : undefined
  }

  function start(connectorId: string): Promise<void> {
    forgetLink()
    const promise = attempts.connect(connectorId, {
      timeoutMs: PAIRING_EXPIRY_MS + PAIRING_START_MS,
      onUri(uri) {
        const expiry = Date.now() + PAIRING_EXPIRY_MS
        connection.setState({ wcUri: uri, wcPairingExpiry: expiry })
        clearRenewal()
        renewTimer = setTimeout(renew, PAIRING_EXPIRY_MS - PAIRING_EXPIRY_MARGIN_MS)
      },
      onSettled: forgetLink,
    })
    pending = { connectorId, promise }
    return promise
  }

  /** A link about to expire is replaced while someone can still see it. */
  function renew() {
    renewTimer = undefined
    if (!pending || !inProgress() || !modal.getState().open) return
    start(pending.connectorId).catch((error: unknown) => context.debug('WalletConnect pairing failed', error))
  }

  const unsubscribe = modal.subscribe(() => {
    if (modal.getState().open || !pending) return
    // The QR code and links went away with the modal; an approval of this pairing would surprise the visitor.
    if (inProgress()) attempts.abandon()
    forgetLink()
  })

  return {
    connectWalletConnect(connectorId) {
      const kept = current(connectorId)
      if (kept) return kept
      // One start at a time: two views mounting together (React StrictMode) must not make two pairings.
      starting ??= findConnector(connectorId).then(
        (found) => {
          starting = undefined
          return current(found.id) ?? start(found.id)
        },
        (error: unknown) => {
          starting = undefined
          throw error
        },
      )
      return starting
    },
    stop() {
      unsubscribe()
      clearRenewal()
    },
  }
}
