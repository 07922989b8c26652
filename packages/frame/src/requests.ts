import {
  type FrameRequest,
  type FrameResponse,
  frameApprovalMethods,
  frameReadMethods,
  keepsOnDevice,
  RPC_NOT_ALLOWED,
} from '@latch/core/frame'
import { createKey, deviceShare, fromBase64, hasDeviceShare, keepDeviceShare, withKey } from './keys.ts'
import { answerOf, notLoggedIn, Refusal } from './refusal.ts'
import { screenTaken } from './screen.ts'
import {
  canKeep,
  deviceSecret,
  forgetDeviceSecret,
  needsWindow,
  read,
  release,
  remove,
  sessionKey,
  write,
} from './store.ts'

/** The frame origin's own API (same origin: no CORS). A refusal keeps the server's message and reason. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      // A session is good only with the secret of the device it was made on.
      ...(init.token
        ? { authorization: `Bearer ${init.token}`, 'x-latch-device': await deviceSecret() }
        : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (response.ok) return body as T
  throw new Refusal({
    code: response.status === 401 ? 4100 : -32000,
    message: typeof body.error === 'string' ? body.error : `HTTP status code: ${response.status}`,
    data: { status: response.status, reason: body.reason ?? null, retryAfter: body.retryAfter ?? null },
  })
}

export interface User {
  id: string
  /** Null for an account a social login without a verified e-mail made. */
  email: string | null
  address: string | null
  /** The social login of this session (google, github…), null for an e-mail login, and the handle it gave. */
  socialProvider: string | null
  username: string | null
}

export function text(params: unknown, name: string): string {
  const value = (params as Record<string, unknown> | undefined)?.[name]
  if (typeof value !== 'string') throw new Refusal({ code: -32602, message: `${name} must be a string` })
  return value
}

/** Where this frame keeps its page's session: each app's login is its own. */
const SESSION = sessionKey(document.querySelector('meta[name="latch-parent"]')?.getAttribute('content') ?? '')

async function session(): Promise<{ token: string; user: User } | undefined> {
  const token = await read(SESSION)
  if (typeof token !== 'string') return undefined
  try {
    const { user } = await api<{ user: User }>('/v1/auth/session', { token })
    return { token, user }
  } catch (error) {
    if (error instanceof Refusal && error.error.code === 4100) {
      await remove(SESSION).catch(() => undefined)
      return undefined
    }
    throw error
  }
}

/**
 * Makes sure this device holds the account's key: made here on the account's first login (the server keeps two
 * shares of three), or, on a device new to the account, rebuilt from the server's two shares, checked against the
 * account's address, and the recovery share kept as this device's share.
 */
async function ensureKey(token: string, user: User): Promise<User> {
  if (!user.address) {
    const key = await createKey()
    try {
      const { user: stored } = await api<{ user: User }>('/v1/auth/keys', {
        method: 'PUT',
        body: { address: key.address, authShare: key.auth, recoveryShare: key.recovery },
        token,
      })
      await keepDeviceShare(user.id, key.device)
      return stored
    } catch (error) {
      // Another device of this new account stored its key first: use that one.
      if (
        !(error instanceof Refusal) ||
        (error.error.data as { status?: number } | undefined)?.status !== 409
      )
        throw error
      const { user: current } = await api<{ user: User }>('/v1/auth/session', { token })
      return ensureKey(token, current)
    } finally {
      key.device.fill(0)
    }
  }
  if (await hasDeviceShare(user.id)) return user
  const { authShare } = await api<{ authShare: string }>('/v1/auth/keys/auth', { token })
  const { recoveryShare } = await api<{ recoveryShare: string | null }>('/v1/auth/keys/recovery', { token })
  if (!recoveryShare)
    throw new Refusal({
      code: -32000,
      message: 'Enter your recovery passphrase to use this device',
      data: { reason: 'passphrase' },
    })
  const recovery = new Uint8Array(fromBase64(recoveryShare))
  try {
    await withKey([authShare, recovery], user.address, () => undefined)
    await keepDeviceShare(user.id, recovery)
  } finally {
    recovery.fill(0)
  }
  return user
}

/**
 * The account type the page asks for when its visitor has not chosen (SPEC §3: a smart account for eip155 unless the
 * app's `defaultAccountTypes` says otherwise), told as the channel opens ("smart account setup").
 */
let appDefault = 'smartAccount'

/** The account for the page: the server's user (its fields only), its address the account in use (smartAccount.ts). */
const userOf = async (user: User) => ({
  ...user,
  ...(await (await smart.load()).accountOf(user, appDefault)),
})

/** What a request may do with the page: reveal the frame for an approval, and whose page it is. */
export interface PageContext {
  origin: string
  show(): void
  hide(): void
}

/** A chunk of the frame's, loaded when first asked for (and again after a failed load). */
function chunk<T>(load: () => Promise<T>) {
  let loading: Promise<T> | undefined
  return {
    load() {
      loading ??= load()
      loading.catch(() => {
        loading = undefined
      })
      return loading
    },
    /** The chunk once asked for: what it is doing is only undone if it is there. */
    get asked() {
      return loading
    },
  }
}

/** The wallet's chain reads, signing and approvals: loaded with the first RPC request that needs them. */
const wallet = chunk(() => import('./wallet.ts'))
/** The account's type, and the smart account's requests (it imports the wallet's): loaded with the account. */
const smart = chunk(() => import('./smartAccount.ts'))
/** The account's rarer requests (the recovery passphrase, a change of address): loaded when first asked. */
const account = chunk(() => import('./account.ts'))
/** The e-mail login's steps: loaded with the frame (see main.ts), used once the visitor enters an address. */
export const email = chunk(() => import('./emailLogin.ts'))
/** The social login's wait for its popup's outcome: loaded with the first social login. */
const social = chunk(() => import('./social.ts'))
/** Telegram's login (a redirect, not a popup) and its way back: loaded when the visitor picks Telegram, or comes back. */
const telegram = chunk(() => import('./telegram.ts'))
/** Sign In With Farcaster's code and wait: loaded with the first Farcaster login. */
const farcaster = chunk(() => import('./farcaster.ts'))

/**
 * The approvals being prepared (session, key and chain checked before they are drawn), and whether the page withdrew
 * them: the page withdraws whatever it is waiting for, so every one is marked.
 */
const preparing = new Set<{ withdrawn: boolean }>()

/**
 * An EIP-1193 request in the embedded wallet (SPEC §6): the account's address here; chain reads, and the signing and
 * sending the visitor approves, in the wallet's chunk; anything else is not allowed.
 */
async function rpc(params: unknown, page: PageContext): Promise<unknown> {
  const {
    method,
    params: args = [],
    chainId,
  } = (params ?? {}) as { method?: unknown; params?: unknown; chainId?: unknown }
  if (typeof method !== 'string' || !Array.isArray(args) || !Number.isSafeInteger(chainId))
    throw new Refusal({ code: -32602, message: 'rpcRequest takes { method, params: [], chainId }' })
  if (!frameReadMethods.has(method) && !frameApprovalMethods.has(method))
    throw new Refusal({ code: 4200, message: RPC_NOT_ALLOWED })
  const mine = { withdrawn: false }
  if (frameApprovalMethods.has(method)) preparing.add(mine)
  try {
    const current = await session()
    if (!current) throw notLoggedIn()
    const user = await ensureKey(current.token, current.user)
    const [accounts, { walletRequest }] = await Promise.all([smart.load(), wallet.load()])
    const { accountType, address, eoaAddress: owner } = await accounts.accountOf(user, appDefault)
    if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [address]
    return await (accountType === 'smartAccount' ? accounts.smartRequest : walletRequest)({
      method,
      args,
      chainId: chainId as number,
      address,
      owner,
      page,
      withdrawn: () => mine.withdrawn,
      async withKey(use) {
        const share = await deviceShare(user.id)
        if (!share) throw notLoggedIn()
        try {
          const { authShare } = await api<{ authShare: string }>('/v1/auth/keys/auth', {
            token: current.token,
          })
          return await withKey([share, authShare], owner, use)
        } finally {
          share.fill(0)
        }
      },
    })
  } finally {
    preparing.delete(mine)
  }
}

/** The page stopped showing the approval (or the passphrase form): it is declined, or will be once drawn. */
function withdrawApproval() {
  for (const request of preparing) request.withdrawn = true
  return Promise.all([
    wallet.asked?.then((loaded) => loaded.cancelApproval()),
    account.asked?.then((loaded) => loaded.cancelPassphrase()),
    vault.asked?.then((loaded) => loaded.cancelVault()),
  ])
}

/**
 * Keeps the session a login answered, and the account's key on this device: the account, for the page. A frame
 * without storage of its own lets the wallet's window go once they are kept there.
 */
async function signIn(token: string, user: User) {
  await write(SESSION, token)
  const account = await userOf(await ensureKey(token, user))
  release()
  return account
}

/** The wallet's own window (vault.ts): loaded when a frame without storage first needs it. */
const vault = chunk(() => import('./vault.ts'))

async function handle(method: FrameRequest['method'], params: unknown, page: PageContext): Promise<unknown> {
  // Without storage of its own, the frame starts what it would keep only while the wallet's window is open.
  if (keepsOnDevice(method, params) && !(await canKeep())) throw needsWindow()
  switch (method) {
    case 'connectEmail':
    case 'resendOtp':
    case 'connectOtp':
      // The e-mail login, in its own chunk: the address, the code.
      return (await email.load()).emailRequest(method, params, { api, signIn, text, session })
    case 'connectSocial':
    case 'completeSocial':
    case 'cancelSocial':
      // A social login, in its own chunk: the provider's address for the page's popup, then the popup's outcome.
      return (await social.load()).socialRequest(method, params, { api, signIn })
    case 'connectTelegram':
    case 'completeTelegram':
      return (await telegram.load()).telegramRequest(method, params, { api, signIn, origin: page.origin })
    case 'connectFarcaster':
    case 'completeFarcaster':
    case 'cancelFarcaster':
      return (await farcaster.load()).farcasterRequest(method, params, { api, signIn })
    case 'getUser': {
      const current = await session()
      if (!current) throw notLoggedIn()
      return userOf(await ensureKey(current.token, current.user))
    }
    case 'isConnected': {
      // Without storage (until the wallet's window brings it) no session is known here.
      const current = await session().catch((error: unknown) => {
        if (error instanceof Refusal && error.error.code === 4100) return undefined
        throw error
      })
      return { isConnected: current !== undefined }
    }
    case 'signOut': {
      // SPEC §4: signing out keeps this device's share unless the visitor asks to forget the device: then its share
      // and the device secret go, and a next login here is a new device's (the mailed link again).
      // Without the wallet's window a plain sign-out is the server's alone (the session it revokes is worthless).
      const forget = keepsOnDevice(method, params)
      const current = forget ? await session().catch(() => undefined) : undefined
      const token = await read(SESSION).catch(() => undefined)
      if (typeof token === 'string')
        await api('/v1/auth/signout', { method: 'POST', token }).catch(() => undefined)
      await remove(SESSION).catch((error: unknown) => {
        if (forget) throw error
      })
      if (forget) {
        if (current) await remove(`share:${current.user.id}`)
        await forgetDeviceSecret()
      }
      await email.asked?.then((loaded) => loaded.forgetLogin())
      await account.asked?.then((loaded) => loaded.forgetEmailChange())
      social.asked?.then((loaded) => loaded.cancelAll())
      farcaster.asked?.then((loaded) => loaded.cancelAll())
      return { signedOut: true, forgotDevice: forget }
    }
    case 'rpcRequest':
      return rpc(params, page)
    case 'cancelApproval':
      await withdrawApproval()
      return null
    case 'openWindow': {
      // Shown as an approval is: the visitor's click opens the window (once per page; a frame with storage of its own,
      // or one the window has served, needs none).
      if (await canKeep()) return { opened: false }
      const mine = { withdrawn: false }
      preparing.add(mine)
      try {
        await (await vault.load()).openVault(page, () => mine.withdrawn)
        return { opened: true }
      } finally {
        preparing.delete(mine)
      }
    }
    case 'unlockRecovery':
    case 'setRecoveryPassphrase': {
      // The passphrase, typed in the frame's own form: a new device's unlock, or sealing the recovery share.
      if (screenTaken())
        throw new Refusal({
          code: -32002,
          message: 'Another request is waiting for your approval in the wallet',
        })
      const mine = { withdrawn: false }
      preparing.add(mine)
      try {
        const current = await session()
        if (!current) throw notLoggedIn()
        const context = { token: current.token, page, api, withdrawn: () => mine.withdrawn }
        const rare = await account.load()
        if (method === 'setRecoveryPassphrase') {
          await rare.setPassphrase(await ensureKey(current.token, current.user), context)
          return { recovery: 'passphrase' }
        }
        const { user } = current
        if (user.address && !(await hasDeviceShare(user.id))) await rare.unlock(user, context)
        const unlocked = await userOf(await ensureKey(current.token, user))
        // The share is kept: a wallet's window that stood in for storage may close.
        release()
        return unlocked
      } finally {
        preparing.delete(mine)
      }
    }
    case 'updateEmail':
    case 'updateEmailVerify': {
      // A change of address: codes mailed to the current and the new one, then both typed.
      const current = await session()
      if (!current) throw notLoggedIn()
      const rare = await account.load()
      return method === 'updateEmail'
        ? rare.updateEmail(text(params, 'email'), current.token, api)
        : await userOf(
            await rare.verifyEmail(
              text(params, 'primaryOtp'),
              text(params, 'secondaryOtp'),
              current.token,
              api,
            ),
          )
    }
    case 'initSmartAccount':
      // Smart account setup: the app's default account type, for whoever has not chosen theirs.
      appDefault = (await smart.load()).accountType(params)
      return null
    case 'setPreferredAccount': {
      // The visitor's own choice, kept on this device for this account: the account it names, for the page.
      const current = await session()
      if (!current) throw notLoggedIn()
      const user = await ensureKey(current.token, current.user)
      return { ...user, ...(await (await smart.load()).chooseAccount(user, params)) }
    }
    case 'syncTheme': {
      const mode = (params as { themeMode?: unknown } | undefined)?.themeMode
      if (mode !== 'light' && mode !== 'dark')
        throw new Refusal({ code: -32602, message: 'themeMode must be light or dark' })
      document.documentElement.style.colorScheme = mode
      return { themeMode: mode }
    }
    default:
      throw new Refusal({ code: 4200, message: `${method} is not supported by this wallet` })
  }
}

/** The frame's answer to one request; a method it does not serve is refused with 4200, as EIP-1193 says. */
export async function answer(request: FrameRequest, page: PageContext): Promise<FrameResponse> {
  try {
    return { id: request.id, result: await handle(request.method, request.params, page) }
  } catch (error) {
    return { id: request.id, error: answerOf(error, request.method) }
  }
}
