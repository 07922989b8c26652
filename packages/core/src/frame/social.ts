// A social login from the page's side (SPEC §1's socials but Farcaster), once the visitor's click has opened a popup on
// the frame's loading page (socials.ts: a popup opened after anything is awaited is blocked): the frame answers the
// provider's address, which the popup goes to; the provider's answer reaches the frame alone, which then holds the
// account's session. This side watches the popup: closed is cancelled, 45 s without an answer is a timeout.
import { BaseError } from '../errors/BaseError.ts'
import type { KeyValueStorage } from '../options/types.ts'
import { createStore, type Store } from '../state/store.ts'
import type { FrameFailure, FrameSession, FrameUser } from './types.ts'

export interface SocialLoginState {
  /** The provider of the login in progress or last tried. */
  provider: string | undefined
  /**
   * 'popup': waiting for the visitor in the provider's popup; 'cancelled': the visitor closed it; 'leaving': the page
   * is going to Telegram's login page (Telegram allows no popup).
   */
  status: 'idle' | 'popup' | 'leaving' | 'cancelled' | 'failed'
  /** Why it failed (`reason` 'timeout' when 45 s passed without an answer). */
  error: FrameFailure | undefined
}

/**
 * Where the remembered provider is kept: `storageKeys.socialProvider`, written out so that this chunk imports neither
 * the entry's keys nor the social row's (socials.ts; a test holds the three equal). Disconnect removes it.
 */
const SOCIAL_PROVIDER_KEY = '@latch/socialProvider'

/** `storageKeys.connections`, written out as SOCIAL_PROVIDER_KEY is (a test holds them equal). */
const CONNECTIONS_KEY = '@latch/connections'

/** How long a social login may take in its popup before it fails with a retry. */
export const SOCIAL_WAIT_MS = 45_000
/** How often the page looks whether the visitor closed the popup. */
const POPUP_POLL_MS = 500

/** A refusal as ConnectingSocial shows it (the frame's, by its code and message: its channel stays out of here). */
function failureOf(error: unknown): FrameFailure {
  const refusal = error as { code?: unknown; shortMessage?: unknown }
  return {
    message:
      typeof refusal.shortMessage === 'string' ? refusal.shortMessage : 'The wallet could not be reached',
    code: typeof refusal.code === 'number' ? refusal.code : -32603,
  }
}

const logins = new WeakMap<FrameSession, { store: Store<SocialLoginState>; latest: number }>()

function loginOf(session: FrameSession) {
  let login = logins.get(session)
  if (!login) {
    login = {
      store: createStore<SocialLoginState>({ provider: undefined, status: 'idle', error: undefined }),
      latest: 0,
    }
    logins.set(session, login)
  }
  return login
}

/** The social login of the embedded wallet's session (ConnectingSocial shows it). */
export const socialLogin = (session: FrameSession): Store<SocialLoginState> => loginOf(session).store

/**
 * Logs in with `provider` in `popup` (from `openSocialPopup`): resolves with whether the frame now holds the account's
 * session, and then remembers the provider in `storage` (SPEC §4: until disconnect). Never rejects: a closed popup
 * leaves the login 'cancelled', anything else 'failed' with its reason.
 */

export async function connectSocial(
  session: FrameSession,
  provider: string,
  popup: Window | null,
  storage?: KeyValueStorage,
): Promise<boolean> {
  const login = loginOf(session)
  const mine = ++login.latest
  const current = () => mine === login.latest
  login.store.setState({ provider, status: 'popup', error: undefined })
  let poll: ReturnType<typeof setInterval> | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  /** The frame's id of the login, once it has started one. */
  let started: string | undefined
  /** Whether this login has given up (its answer, should one come, is then the frame's to drop). */
  let over = false
  try {
    const user = await new Promise<FrameUser>((resolve, reject) => {
      const fail = (error: unknown) => {
        over = true
        reject(error)
      }
      if (!popup)
        return fail(
          new BaseError('The login window was blocked', {
            details: 'Allow pop-ups for this site, then try again.',
          }),
        )
      poll = setInterval(() => {
        if (!popup.closed || !started) {
          if (popup.closed)
            fail(Object.assign(new BaseError('The login was cancelled'), { reason: 'closed' }))
          return
        }
        // The popup closes itself once it has handed the frame its outcome: the frame says whether that came, and
        // the login is then being completed, not cancelled.
        clearInterval(poll)
        session.request<{ cancelled: boolean }>('cancelSocial', { login: started }).then(({ cancelled }) => {
          if (cancelled) fail(Object.assign(new BaseError('The login was cancelled'), { reason: 'closed' }))
        }, fail)
      }, POPUP_POLL_MS)
      session
        .request<{ url: string; login: string }>('connectSocial', { provider })
        .then(({ url, login: id }) => {
          started = id
          // Counted from the provider's page: not from a question the frame asked first (its wallet's window).
          timer = setTimeout(
            () => fail(Object.assign(new BaseError('The login timed out'), { reason: 'timeout' })),
            SOCIAL_WAIT_MS,
          )
          // Given up meanwhile (closed, replaced by another login): the frame's login goes too, the popup stays.
          if (over || !current())
            throw Object.assign(new BaseError('The login was cancelled'), { reason: 'closed' })
          if (!popup.closed) popup.location.href = url
          return session.request<FrameUser>('completeSocial', { login: id }, SOCIAL_WAIT_MS + 15_000)
        })
        .then(resolve, fail)
    })
    // The frame holds the session now, whatever the view did meanwhile.
    session.signedIn(user)
    try {
      storage?.setItem(SOCIAL_PROVIDER_KEY, JSON.stringify(provider))
    } catch {
      // Quota or privacy mode: the remembered provider is a convenience.
    }
    if (current()) login.store.setState({ status: 'idle' })
    return current()
  } catch (error) {
    if (started) session.request('cancelSocial', { login: started }).catch(() => undefined)
    // The popup is shared by name: a later login may be using it now.
    if (current() && popup && !popup.closed) popup.close()
    if (current()) {
      const reason = (error as { reason?: unknown }).reason
      login.store.setState(
        reason === 'closed'
          ? { status: 'cancelled', error: undefined }
          : { status: 'failed', error: { ...failureOf(error), ...(reason === 'timeout' ? { reason } : {}) } },
      )
    }
    return false
  } finally {
    clearInterval(poll)
    clearTimeout(timer)
  }
}

/**
 * Logs in with Telegram, which allows no popup: the frame starts a login that comes back to this page, and the page
 * goes to Telegram's login page itself (`go`). The AUTH connector (`connectorId`) is stored as the connection first,
 * so that on the way back the page's reconnect asks the embedded wallet, which finds the proof the server put in the
 * page's fragment and completes the login (the EVM adapter's embedded wallet). A refusal leaves the login 'failed'.
 *
 * @example
 * await connectTelegram(session, 'latch-email', client.options.storage)
 */
export async function connectTelegram(
  session: FrameSession,
  connectorId: string,
  storage?: KeyValueStorage,
  go: (url: string) => void = (url) => location.assign(url),
): Promise<void> {
  const login = loginOf(session)
  const mine = ++login.latest
  login.store.setState({ provider: 'telegram', status: 'leaving', error: undefined })
  try {
    const { url } = await session.request<{ url: string }>('connectTelegram', { returnTo: location.href })
    if (mine !== login.latest) return
    try {
      const stored = JSON.parse(storage?.getItem(CONNECTIONS_KEY) ?? '{}') as Record<string, string>
      storage?.setItem(CONNECTIONS_KEY, JSON.stringify({ ...stored, eip155: connectorId }))
      storage?.setItem(SOCIAL_PROVIDER_KEY, JSON.stringify('telegram'))
    } catch {
      // Quota or privacy mode: the way back then reconnects nothing, and the visitor connects again.
    }
    go(url)
  } catch (error) {
    if (mine === login.latest) login.store.setState({ status: 'failed', error: failureOf(error) })
  }
}
