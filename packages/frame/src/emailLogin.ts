// The e-mail login's steps on the frame's side: the address (a code is mailed, or on a device new to the account a
// link that approves it first, the code following: the server answers alike, so that a stranger cannot tell which), a
// new code, and the code, which the server trades for the session. A chunk of its own: a social login needs none of it.
import type { FrameMethod } from '@latch/core/frame'
import { Refusal } from './refusal.ts'
import type { api as Api, text as Text, User } from './requests.ts'
import { deviceSecret } from './store.ts'

interface Waiting {
  login: string
  waitingFor: 'code' | 'done'
  resendAt: string | null
}

/** What the e-mail login needs of the frame's first half: its server, how a session is kept, its params' check. */
export interface EmailLoginContext {
  api: typeof Api
  signIn(token: string, user: User): Promise<unknown>
  text: typeof Text
  /** The session this device holds, if any. */
  session(): Promise<{ token: string; user: User } | undefined>
}

/** The login in progress on this frame (one at a time). */
let pending: { login: string; email: string } | undefined

/** A sign-out ends the login in progress. */
export const forgetLogin = () => {
  pending = undefined
}

const action = (waiting: Waiting) => ({ action: 'VERIFY_OTP', resendAt: waiting.resendAt })

/** `connectEmail`, `resendOtp` and `connectOtp`. */
export async function emailRequest(
  method: FrameMethod,
  params: unknown,
  { api, signIn, text, session }: EmailLoginContext,
): Promise<unknown> {
  if (method === 'connectEmail') {
    const email = text(params, 'email')
    // This device is logged in to that address already (a frame without storage of its own learns it only once the
    // wallet's window brought it, after a reload): the account, without a new code.
    // A session that cannot be read now (the network) is no shortcut: the code is mailed as always.
    const live = await session().catch(() => undefined)
    if (live && live.user.email === email.trim().toLowerCase())
      return { action: 'CONNECTED', user: await signIn(live.token, live.user) }
    const waiting = await api<Waiting>('/v1/auth/login', { body: { email, device: await deviceSecret() } })
    pending = { login: waiting.login, email }
    return action(waiting)
  }
  const login = pending
  if (!login) throw new Refusal({ code: -32000, message: 'No login in progress: enter your e-mail first' })
  if (method === 'resendOtp')
    return action(
      await api<Waiting>(`/v1/auth/login/${login.login}/resend`, { body: { device: await deviceSecret() } }),
    )
  const { token, user } = await api<{ token: string; user: User }>(`/v1/auth/login/${login.login}/verify`, {
    body: { device: await deviceSecret(), code: text(params, 'otp') },
  })
  if (pending === login) pending = undefined
  return signIn(token, user)
}
