// A social login from the page's side (SPEC §1's socials but Farcaster): the visitor's click opens a popup on the
// frame's loading page at once (a popup opened after anything is awaited is blocked), the frame answers the
// provider's address, which the popup goes to; the provider's answer reaches the frame alone, which then holds the
// account's session. This side watches the popup: closed is cancelled, 45 s without an answer is a timeout.
import { BaseError } from '../errors/BaseError.ts'
import type { KeyValueStorage, Social } from '../options/types.ts'
import { createStore, type Store } from '../state/store.ts'
import type { FrameFailure, FrameSession, FrameUser } from './session.ts'

export interface SocialLoginState {
  /** The provider of the login in progress or last tried. */
  provider: string | undefined
  /** 'popup': waiting for the visitor in the provider's popup; 'cancelled': the visitor closed it. */
  status: 'idle' | 'popup' | 'cancelled' | 'failed'
  /** Why it failed (`reason` 'timeout' when 45 s passed without an answer). */
  error: FrameFailure | undefined
}

/**
 * Where the remembered provider is kept: `storageKeys.socialProvider`, written out so that this chunk does not make the
 * entry export the keys (4 B of its budget; a test holds the two equal). Disconnect removes it (client/session.ts).
 */
export const SOCIAL_PROVIDER_KEY = '@latch/socialProvider'

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
 * Opens the popup a social login runs in, on the frame's loading page: call it in the click's handler itself, before
 * anything is awaited. Null when the browser blocked it.
 *
 * @example
 * button.onclick = () => connectSocial(session, 'google', openSocialPopup(frameUrl))
 */
export function openSocialPopup(frameUrl: string): Window | null {
  const width = 480
  const height = 640
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2)
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2)
  return window.open(
    new URL('/v1/auth/social/loading', frameUrl).href,
    'latch-social',
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  )
}

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
  try {
    const user = await new Promise<FrameUser>((resolve, reject) => {
      if (!popup)
        return reject(
          new BaseError('The login window was blocked', {
            details: 'Allow pop-ups for this site, then try again.',
          }),
        )
      timer = setTimeout(
        () => reject(Object.assign(new BaseError('The login timed out'), { reason: 'timeout' })),
        SOCIAL_WAIT_MS,
      )
      poll = setInterval(() => {
        if (popup.closed)
          reject(Object.assign(new BaseError('The login was cancelled'), { reason: 'closed' }))
      }, POPUP_POLL_MS)
      session
        .request<{ url: string; login: string }>('connectSocial', { provider })
        .then(({ url, login: id }) => {
          started = id
          if (!popup.closed) popup.location.href = url
          return session.request<FrameUser>('completeSocial', { login: id }, SOCIAL_WAIT_MS + 15_000)
        })
        .then(resolve, reject)
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
    if (popup && !popup.closed) popup.close()
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

/** The social login remembered from the last connection (SPEC §4: removed on disconnect). */
export function rememberedSocial(storage: KeyValueStorage | undefined): string | undefined {
  try {
    const value = JSON.parse(storage?.getItem(SOCIAL_PROVIDER_KEY) ?? 'null')
    return typeof value === 'string' ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * The socials offered in this browser: SPEC §5's filter inside Telegram's in-app browser (iOS removes google; macOS
 * removes x; Android removes facebook and x), with `first` (the one remembered) moved to the front.
 *
 * @example
 * socialsFor(['google', 'x', 'github'], { userAgent: 'Mozilla/5.0 (Linux; Android 14) Telegram-Android/11.2' })
 * // ['google', 'github']
 */
export function socialsFor(
  socials: readonly Social[],
  browser: { userAgent: string; telegram?: boolean },
  first?: string,
): Social[] {
  const ua = browser.userAgent
  const telegram = browser.telegram || /Telegram/i.test(ua)
  const removed: readonly Social[] = !telegram
    ? []
    : /Android/i.test(ua)
      ? ['facebook', 'x']
      : /iPhone|iPad|iPod/i.test(ua)
        ? ['google']
        : /Macintosh|Mac OS X/i.test(ua)
          ? ['x']
          : []
  const offered = socials.filter((social) => !removed.includes(social))
  const remembered = offered.find((social) => social === first)
  return remembered ? [remembered, ...offered.filter((social) => social !== remembered)] : offered
}
