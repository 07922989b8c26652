import {
  type Connector,
  type FrameSession,
  type KeyValueStorage,
  type Network,
  UnauthorizedError,
} from '@latch/core'
import type { Eip1193Provider, ProviderListener } from './provider.ts'

/** The AUTH connector's id: the embedded wallet that e-mail login opens. */
export const EMAIL_CONNECTOR_ID = 'latch-email'

/**
 * The frame's refusal as a browser wallet throws it, an error with its EIP-1193 code (4001 declined, 4100, 4200 not
 * allowed…), which requestWallet types like any wallet's. (By name: the frame's channel stays out of this chunk.)
 */
const asWalletError = (error: unknown) => {
  const refusal = error as { name?: unknown; code?: unknown; shortMessage?: unknown } | null
  return refusal?.name === 'FrameRequestError'
    ? Object.assign(new Error(String(refusal.shortMessage)), { code: refusal.code })
    : error
}

/**
 * Back from Telegram's login page (a top-level redirect; the server put `#latch-telegram=<login>.<proof>` in the
 * page's address): the fragment leaves the address bar, and the frame trades the proof for its session, once.
 * The page's reconnect asks for the accounts first, which is how the way back finishes the login.
 */
async function telegramReturn(session: FrameSession): Promise<void> {
  const back =
    typeof location === 'undefined' ? null : /latch-telegram=([\w-]+)\.([\w-]+)/.exec(location.hash)
  if (!back) return
  history.replaceState(history.state, '', location.pathname + location.search)
  await session.request('completeTelegram', { login: back[1], proof: back[2] }).catch(() => undefined)
}

/** Where the embedded wallet keeps the chain the page last switched it to (SPEC §9: the wallet SDK's key prefix). */
const CHAIN_KEY = '@latch/embeddedChain'

/** The remembered chain is a convenience: a storage that refuses (quota, privacy mode) changes nothing else. */
const keep = (write: () => void) => {
  try {
    write()
  } catch {
    // Nothing kept: the page's first network next time.
  }
}

/**
 * The embedded wallet as an EIP-1193 provider for the EVM adapter: the account is the frame's; the chain is the one
 * the page chose among its networks (the frame signs for whichever it is asked); every other request goes to the
 * frame, which asks the visitor's approval for what signs or sends. Disconnecting signs out (the device keeps its
 * share, SPEC §4).
 */
export function createEmailWallet(
  frame: () => Promise<FrameSession>,
  networks: readonly Network[],
  storage?: KeyValueStorage,
): Connector & { provider: Eip1193Provider } {
  const ours = (id: number) => networks.some((network) => Number(network.id) === id)
  // The network the page last put it on, kept on this device as an extension keeps its own; else the app's first.
  let kept = Number.NaN
  keep(() => {
    kept = Number(storage?.getItem(CHAIN_KEY))
  })
  let chainId = ours(kept) ? kept : Number(networks[0]?.id ?? 1)
  const listeners = new Map<string, Set<ProviderListener>>()
  const emit = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload)
  }

  /** The frame whose account this wallet follows: a switch of account type there is this wallet's accountsChanged. */
  let followed: FrameSession | undefined
  function follow(session: FrameSession) {
    if (followed === session) return
    followed = session
    let address = session.login.getState().user?.address
    session.login.subscribe(() => {
      const next = session.login.getState().user?.address
      if (next && address && next !== address) emit('accountsChanged', [next])
      address = next ?? address
    })
  }

  async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    const session = await frame()
    follow(session)
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts': {
        await telegramReturn(session)
        const user = await session.account()
        if (!user?.address) throw new UnauthorizedError({ details: 'Not logged in' })
        return [user.address]
      }
      case 'eth_chainId':
        return `0x${chainId.toString(16)}`
      case 'wallet_switchEthereumChain': {
        const wanted = Number((params as [{ chainId?: unknown }] | undefined)?.[0]?.chainId)
        if (!ours(wanted))
          throw Object.assign(new Error(`Chain ${wanted} is not one of this app's networks`), { code: 4902 })
        keep(() => storage?.setItem(CHAIN_KEY, String(wanted)))
        if (wanted !== chainId) {
          chainId = wanted
          emit('chainChanged', `0x${wanted.toString(16)}`)
        }
        return null
      }
      case 'wallet_revokePermissions':
        await session.signOut()
        keep(() => storage?.removeItem(CHAIN_KEY))
        return null
      default:
        return session.rpc(method, params ?? [], chainId)
    }
  }

  return {
    id: EMAIL_CONNECTOR_ID,
    name: 'Email',
    type: 'AUTH',
    chain: 'eip155',
    provider: {
      request: (args) => request(args).catch((error: unknown) => Promise.reject(asWalletError(error))),
      on(event, listener) {
        const set = listeners.get(event) ?? new Set()
        set.add(listener)
        listeners.set(event, set)
      },
      removeListener(event, listener) {
        listeners.get(event)?.delete(listener)
      },
    },
  }
}
