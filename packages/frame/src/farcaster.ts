// Sign In With Farcaster, on the frame's side: the server opens a channel on the Farcaster relay and answers its
// `farcaster://connect` URI (the page shows it as a QR code); the frame then asks the server, with its device secret,
// until the visitor's Farcaster app has answered and the server has checked it, and keeps the session it gets.
import type { FrameMethod } from '@latch/core/frame'
import { Refusal } from './refusal.ts'
import type { User } from './requests.ts'
import type { SocialContext } from './social.ts'
import { deviceSecret } from './store.ts'

/** How often the frame asks whether the Farcaster app has answered. */
const POLL_MS = 1000

/** The login in progress (one at a time) and how to end its wait between two polls. */
let current: { login: string; stop?: () => void } | undefined
/** Sign-outs so far: a login completing across one is dropped. */
let signOuts = 0

const cancelled = () => new Refusal({ code: 4001, message: 'The login was cancelled' })

/**
 * `connectFarcaster` (a code for this device), `completeFarcaster` (waits for that
 * login's answer, then signs in) and `cancelFarcaster` (gives that login up).
 */
export async function farcasterRequest(
  method: FrameMethod,
  params: unknown,
  context: SocialContext,
): Promise<unknown> {
  if (method === 'connectFarcaster') {
    // `{ login, url, expiresAt, expiresIn }`: the page counts the code's life from `expiresIn`.
    const started = await context.api<{ login: string; url: string; expiresIn: number }>(
      '/v1/auth/farcaster/start',
      { body: { device: await deviceSecret() } },
    )
    current?.stop?.()
    current = { login: started.login }
    return started
  }
  const login = (params as { login?: unknown } | undefined)?.login
  if (typeof login !== 'string') throw new Refusal({ code: -32602, message: 'login must be a string' })
  const waiting = current
  if (method === 'cancelFarcaster') {
    if (waiting?.login === login) cancelAll()
    return { cancelled: true }
  }
  if (waiting?.login !== login)
    throw new Refusal({ code: -32000, message: 'This Farcaster login is not in progress: get a new code' })
  const before = signOuts
  const over = () => current !== waiting || signOuts !== before
  const device = await deviceSecret()
  for (;;) {
    const answer = await context.api<{ state: 'pending' } | { token: string; user: User }>(
      `/v1/auth/farcaster/${login}/poll`,
      { body: { device } },
    )
    if (over()) throw cancelled()
    if ('token' in answer) {
      current = undefined
      return context.signIn(answer.token, answer.user)
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, POLL_MS)
      waiting.stop = () => {
        clearTimeout(timer)
        resolve()
      }
    })
    if (over()) throw cancelled()
  }
}

/** A sign-out (or the page giving the login up) ends the login in progress. */
export function cancelAll(): void {
  signOuts += 1
  const waiting = current
  current = undefined
  waiting?.stop?.()
}
