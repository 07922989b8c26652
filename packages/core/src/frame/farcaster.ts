// Sign In With Farcaster from the page's side (ConnectingFarcaster): the frame asks the server for a code, a
// `farcaster://connect` URI the view shows as a QR code and a link; the visitor's Farcaster app signs it and the frame,
// which waits for that answer, ends up holding the account's session. A code lasts 4 minutes and counts as expired
// 10 s before (SPEC §4, as a pairing): this side then asks for a new one by itself.
import type { KeyValueStorage } from '../options/types.ts'
import { createStore, type Store } from '../state/store.ts'
import type { FrameFailure, FrameSession, FrameUser } from './types.ts'

/**
 * Where the remembered provider is kept: `storageKeys.socialProvider`, written out as social.ts does (importing it from
 * there would make this chunk import the social row's, and the entry pay for the link; a test holds them equal).
 */
const SOCIAL_PROVIDER_KEY = '@latch/socialProvider'

export interface FarcasterLoginState {
  /**
   * 'starting': a code is on its way; 'waiting': shown until the Farcaster app answers; 'connected': the frame holds
   * the session (the account's connection follows).
   */
  status: 'idle' | 'starting' | 'waiting' | 'connected' | 'failed'
  /** The `farcaster://connect` URI to scan or open, while 'waiting'. */
  url: string | undefined
  /** The refusal, when 'failed' (Farcaster's answer refused, the relay away…). */
  error: FrameFailure | undefined
}

/** A code is renewed this long before the server's expiry (SPEC §4: expired within 10 s of it). */
const EXPIRY_MARGIN_MS = 10_000

const logins = new WeakMap<
  FrameSession,
  { store: Store<FarcasterLoginState>; latest: number; login?: string | undefined }
>()

function loginOf(session: FrameSession) {
  let login = logins.get(session)
  if (!login) {
    login = {
      store: createStore<FarcasterLoginState>({ status: 'idle', url: undefined, error: undefined }),
      latest: 0,
    }
    logins.set(session, login)
  }
  return login
}

/** The Farcaster login of the embedded wallet's session (ConnectingFarcaster shows it). */
export const farcasterLogin = (session: FrameSession): Store<FarcasterLoginState> => loginOf(session).store

/** A refusal as the view shows it, and the HTTP status the server gave it (410: the code expired). */
function failureOf(error: unknown): FrameFailure & { status?: number } {
  const refusal = error as { code?: unknown; shortMessage?: unknown; data?: { status?: unknown } }
  return {
    message:
      typeof refusal.shortMessage === 'string' ? refusal.shortMessage : 'The wallet could not be reached',
    code: typeof refusal.code === 'number' ? refusal.code : -32603,
    ...(typeof refusal.data?.status === 'number' ? { status: refusal.data.status } : {}),
  }
}

/**
 * Logs in with Farcaster: shows a code until the visitor's Farcaster app answers (a new code each time one expires)
 * and resolves with whether the frame now holds the account's session, remembering the provider in `storage` then.
 * Never rejects: a refusal leaves the login 'failed'; `stopFarcaster` (the view closed) ends it quietly.
 *
 * @example
 * if (await connectFarcaster(session, storage)) client.connect(authConnectorId)
 */
export async function connectFarcaster(session: FrameSession, storage?: KeyValueStorage): Promise<boolean> {
  const login = loginOf(session)
  const mine = ++login.latest
  const current = () => mine === login.latest
  for (;;) {
    login.store.setState({ status: 'starting', url: undefined, error: undefined })
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      const asked = Date.now()
      const started = await session.request<{ login: string; url: string; expiresIn: number }>(
        'connectFarcaster',
      )
      login.login = started.login
      if (!current()) {
        cancel(session, started.login)
        return false
      }
      login.store.setState({ status: 'waiting', url: started.url })
      // From the server's lifetime, not its clock: the visitor's may be minutes off.
      const renewIn = Math.max(0, started.expiresIn * 1000 - EXPIRY_MARGIN_MS - (Date.now() - asked))
      const user = await Promise.race([
        session.request<FrameUser>('completeFarcaster', { login: started.login }, renewIn + 30_000),
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), renewIn)
        }),
      ])
      if (!user) {
        // Expired: that code goes, a new one comes (unless the view has closed meanwhile).
        cancel(session, started.login)
        if (current()) continue
        return false
      }
      session.signedIn(user)
      try {
        storage?.setItem(SOCIAL_PROVIDER_KEY, JSON.stringify('farcaster'))
      } catch {
        // Quota or privacy mode: the remembered provider is a convenience.
      }
      if (current()) login.store.setState({ status: 'connected', url: undefined })
      return current()
    } catch (error) {
      if (!current()) return false
      const failure = failureOf(error)
      // The server's word that the code expired (a clock behind): a new one, as on time.
      if (failure.status === 410) continue
      const { status: _, ...shown } = failure
      login.store.setState({ status: 'failed', url: undefined, error: shown })
      return false
    } finally {
      clearTimeout(timer)
    }
  }
}

function cancel(session: FrameSession, id: string) {
  session.request('cancelFarcaster', { login: id }).catch(() => undefined)
}

/** Ends the Farcaster login in progress (the visitor left its view): its code is given up, nothing is shown. */
export function stopFarcaster(session: FrameSession): void {
  const login = loginOf(session)
  login.latest += 1
  if (login.login) cancel(session, login.login)
  login.login = undefined
  login.store.setState({ status: 'idle', url: undefined, error: undefined })
}
