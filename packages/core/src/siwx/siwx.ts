// Sign-in with the wallet (SPEC §4): its own chunk, loaded when an app configures `siwx` or `siwe` and an
// account connects.
import type { ClientContext, ClientStores } from '../client/context.ts'
import { BaseError } from '../errors/BaseError.ts'
import { UserRejectedRequestError } from '../errors/rpc.ts'
import type { FrameSession } from '../frame/types.ts'
import type { ResolvedOptions } from '../options/types.ts'
import { createStore, type Store } from '../state/store.ts'
import type { CaipNetworkId, ChainAdapter, ChainNamespace } from '../types.ts'
import { latchSiwxStore } from './latchStore.ts'
import { siweStore } from './siweStore.ts'
import type { SiwxMessageData, SiwxSession } from './types.ts'

/** Sign-in (SPEC §4): where the connected account stands. */
export interface SiwxState {
  /**
   * idle: nobody is connected, or the visitor put optional sign-in off; checking: reading the account's
   * sessions; required: the account has none and the sign view is open; signing: the wallet is asked;
   * signed: a session exists.
   */
  status: 'idle' | 'checking' | 'required' | 'signing' | 'signed'
  session: SiwxSession | undefined
}

/** How long a signed message stays valid unless `siwx.expiresInMs` says otherwise. */
export const SIWX_EXPIRES_IN_MS = 24 * 60 * 60_000

/** The sign views' actions and the session check (`client.siwxController()`). */
export interface SiwxController {
  readonly state: Store<SiwxState>
  /** Whether sign-in is required (SPEC §6: by configuration). */
  readonly required: boolean
  /**
   * Looks for a session of the connected account on its network; when there is none, opens the sign view.
   * Asks once per account and network while one check runs, and not again for an account whose optional
   * sign-in the visitor cancelled.
   */
  check(): Promise<void>
  /**
   * Creates the message, has the wallet sign it, stores the session and closes the modal. Failures show
   * SPEC §8's messages; a message that cannot be created disconnects and returns to Connect.
   */
  sign(): Promise<void>
  /** Cancel on the sign view: disconnects when sign-in is required, otherwise closes the modal. */
  cancel(): Promise<void>
  /** The connected account's live sessions on its network. */
  getSessions(): Promise<SiwxSession[]>
  /** On disconnect (SPEC §4): forgets this browser's sessions. */
  reset(): Promise<void>
}

type Account = { address: string; chainId: CaipNetworkId; namespace: ChainNamespace }

/** What sign-in uses of the client (the `LatchClient` is one). */
export interface SiwxClient
  extends Pick<ClientStores, 'router' | 'modal' | 'snack' | 'network' | 'accounts' | 'connection'> {
  readonly options: ResolvedOptions
  getAdapter(namespace: ChainNamespace): Promise<ChainAdapter>
  signMessage(message: string): Promise<string>
  disconnect(): Promise<void>
  close(): void
  /** The embedded wallet's session, once loaded: the account type its frame reports. */
  loadedFrame(): Pick<FrameSession, 'login'> | undefined
}

/**
 * The sign-in flow of one client (SPEC §4): check for a session after every account or network change,
 * and the sign view's sign and cancel.
 */
export function createSiwx(client: SiwxClient, context: Pick<ClientContext, 'closeGuard'>): SiwxController {
  const { options, router, modal, snack, network, accounts } = client
  const siwx = createStore<SiwxState>({ status: 'idle', session: undefined })
  const config = options.siwx ?? options.siwe
  const store =
    options.siwe && !options.siwx ? siweStore(options.siwe) : (options.siwx?.store ?? latchSiwxStore(options))
  const view = options.siwx ? 'SIWXSignMessage' : 'ConnectingSiwe'
  const dismissed = new Set<string>()
  let checking: string | undefined
  const required = Boolean(config?.required)
  // Only the sign view sets 'required' and 'signing'; disconnecting sets 'idle'.
  context.closeGuard = () => required && /^(required|signing)$/.test(siwx.getState().status)

  const current = (): Account | undefined => {
    const { activeNamespace: namespace, activeNetwork, unsupportedChainId } = network.getState()
    const { address } = accounts.get(namespace)
    if (!address || unsupportedChainId !== undefined || client.connection.getState().status !== 'connected')
      return undefined
    return { address, chainId: activeNetwork.caipNetworkId, namespace }
  }
  const keyOf = (account: Account | undefined) =>
    account && `${account.chainId}:${account.address.toLowerCase()}`
  const live = (session: SiwxSession, account: Account) =>
    session.data.chainId === account.chainId &&
    (!session.data.expirationTime || Date.parse(session.data.expirationTime) > Date.now())

  const getSessions = async () => {
    const account = current()
    if (!account) return []
    return (await store.getSessions(account)).filter((session) => live(session, account))
  }

  return {
    state: siwx,
    required,
    getSessions,
    async reset() {
      checking = undefined
      siwx.setState({ status: 'idle', session: undefined })
      await store.clearSessions?.()
    },
    async check() {
      const account = current()
      const key = keyOf(account)
      if (!account || !key || checking === key || dismissed.has(key)) return
      const { status, session } = siwx.getState()
      const signedKey = session && `${session.data.chainId}:${session.data.accountAddress.toLowerCase()}`
      if (status === 'signed' && session && signedKey === key && live(session, account)) return
      checking = key
      siwx.setState({ status: 'checking', session: undefined })
      let sessions: SiwxSession[] = []
      try {
        sessions = await getSessions()
      } catch (error) {
        client.options.debug && console.debug('[latch] reading sign-in sessions failed', error)
      } finally {
        checking = undefined
      }
      // Another account or network came in meanwhile: its own check decides.
      if (keyOf(current()) !== key) return
      if (sessions[0]) {
        siwx.setState({ status: 'signed', session: sessions[0] })
        return
      }
      siwx.setState({ status: 'required', session: undefined })
      router.reset(view)
      modal.setOpen(true)
      modal.setLoading(false)
    },
    async sign() {
      const account = current()
      if (!account) return
      siwx.setState({ status: 'signing' })
      const adapter = await client.getAdapter(account.namespace)
      let session: SiwxSession
      try {
        const now = Date.now()
        const data: SiwxMessageData = {
          accountAddress: account.address,
          chainId: account.chainId,
          domain: location.host,
          uri: location.origin,
          version: '1',
          nonce: await store.getNonce(account),
          issuedAt: new Date(now).toISOString(),
          expirationTime: new Date(now + (options.siwx?.expiresInMs ?? SIWX_EXPIRES_IN_MS)).toISOString(),
          statement: config?.statement,
        }
        if (!adapter.formatSignInMessage)
          throw new BaseError('Sign-in is not supported', {
            details: `${account.namespace} has no message format.`,
          })
        session = { data, message: adapter.formatSignInMessage(data), signature: '' }
      } catch (error) {
        client.options.debug && console.debug('[latch] creating the sign-in message failed', error)
        snack.show('error', 'A problem occurred while trying initialize authentication')
        await client.disconnect().catch(() => undefined)
        siwx.setState({ status: 'idle', session: undefined })
        router.reset('Connect')
        return
      }
      try {
        session.signature = await client.signMessage(session.message)
        await store.addSession(session)
      } catch (error) {
        siwx.setState({ status: 'required' })
        // A smart account in use (as send's isSmartAccountInUse reads it): the embedded wallet's by the type its
        // frame reports (its Safe has no code until its first operation), any other by its code.
        const smart =
          !(error instanceof UserRejectedRequestError) &&
          (client.connection.getState().connections[account.namespace]?.connectorType === 'AUTH'
            ? client.loadedFrame()?.login.getState().user?.accountType === 'smartAccount'
            : await adapter
                .isSmartAccount({ address: account.address, network: network.getState().activeNetwork })
                .catch(() => false))
        snack.show(
          'error',
          smart ? 'This application might not support Smart Accounts' : 'Signature declined',
        )
        return
      }
      if (keyOf(current()) !== keyOf(account)) return
      siwx.setState({ status: 'signed', session })
      client.close()
    },
    async cancel() {
      if (required) {
        await client.disconnect().catch(() => undefined)
        // Disconnecting resets sign-in too, but through the client's hook: do not leave the close to its timing.
        siwx.setState({ status: 'idle', session: undefined })
        client.close()
        return
      }
      const key = keyOf(current())
      if (key) dismissed.add(key)
      siwx.setState({ status: 'idle', session: undefined })
      client.close()
    },
  }
}
