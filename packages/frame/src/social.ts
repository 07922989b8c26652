// A social login, on the frame's side: the server gives the provider's address for the popup the page opened; the
// popup's last page (the server's callback, this origin) posts the outcome to this frame alone, and the frame trades
// that one-time proof and its device secret for the session. The page only ever learns the account.
import { FRAME_PROTOCOL, type FrameMethod } from '@latch/core/frame'
import { Refusal } from './refusal.ts'
import type { api as Api, User } from './requests.ts'
import { deviceSecret } from './store.ts'

/** The outcome the callback page posts (see the server's `auth/social/pages.ts`). */
interface SocialResult {
  protocol: typeof FRAME_PROTOCOL
  type: 'social'
  login: string
  proof?: string
  error?: string
}

/** The page gives up after 45 s; the frame a little later, should the page's word not come. */
const WAIT_MS = 60_000

/** The login in progress (one at a time), the outcome once the popup posted it, and who waits for it. */
let current:
  | { login: string; result?: SocialResult; settle?: (result: SocialResult | Refusal) => void }
  | undefined
let listening = false

function isResult(data: unknown): data is SocialResult {
  const message = data as Partial<SocialResult> | null
  return (
    message?.protocol === FRAME_PROTOCOL &&
    message.type === 'social' &&
    typeof message.login === 'string' &&
    (typeof message.proof === 'string' || typeof message.error === 'string')
  )
}

/** Listens for the popup's outcome: from this origin only (the server's callback page), for the login in progress. */
function listen() {
  if (listening) return
  listening = true
  window.addEventListener('message', (event) => {
    if (event.origin !== location.origin || !isResult(event.data) || event.data.login !== current?.login)
      return
    current.result = event.data
    current.settle?.(event.data)
  })
}

/** Starts a login for `login` (the server's id): later outcomes of an earlier one are ignored. */
function expectSocial(login: string): void {
  listen()
  current?.settle?.(new Refusal({ code: 4001, message: 'The login was replaced by another' }))
  current = { login }
}

/**
 * The popup's outcome for `login`, the login in progress: its proof, or the provider's refusal (thrown), or 4001 when
 * the page cancels (the visitor closed the popup, or its 45 s passed).
 */
function socialResult(login: unknown): Promise<{ login: string; proof: string }> {
  const waiting = current
  if (!waiting || waiting.login !== login)
    throw new Refusal({
      code: -32000,
      message: 'This social login is not in progress: pick a provider again',
    })
  return new Promise<SocialResult>((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new Refusal({ code: -32000, message: 'The login did not finish in time' })),
      WAIT_MS,
    )
    const finish = (result: SocialResult | Refusal) => {
      clearTimeout(timer)
      waiting.settle = undefined
      if (result instanceof Refusal) reject(result)
      else resolve(result)
    }
    if (waiting.result) finish(waiting.result)
    else waiting.settle = finish
  }).then((result) => {
    // The login stays current, its outcome in: a cancel the page sends once the popup has closed itself is told the
    // login is being completed, however soon it comes.
    if (result.error || !result.proof)
      throw new Refusal({ code: -32000, message: result.error ?? 'The login failed' })
    return { login: result.login, proof: result.proof }
  })
}

/** Sign-outs so far: a login completing across one is dropped, not signed in after it. */
let signOuts = 0

/**
 * The page stopped waiting (the popup was closed, or its time ran out): the login in progress is cancelled, unless its
 * outcome is in (the popup closes itself once it has posted it): then it is being completed, and the page is told so.
 */
function cancelSocial(login: unknown): { cancelled: boolean } {
  const waiting = current
  // Another login's (a cancel that came late) changes nothing.
  if (!waiting || waiting.login !== login) return { cancelled: true }
  if (waiting.result) return { cancelled: false }
  current = undefined
  waiting.settle?.(new Refusal({ code: 4001, message: 'The login was cancelled' }))
  return { cancelled: true }
}

/** What a social login needs of the frame's first half: its server, and how a login's session is kept. */
export interface SocialContext {
  api: typeof Api
  signIn(token: string, user: User): Promise<unknown>
}

/**
 * `connectSocial` (the provider's address for the page's popup, and the login's id; the frame listens before the page
 * has it, so the popup cannot answer sooner), `completeSocial` (that login's proof from the popup and this device's
 * secret, for the session) and `cancelSocial` (that login's, should it still be in progress).
 */
export async function socialRequest(
  method: FrameMethod,
  params: unknown,
  context: SocialContext,
): Promise<unknown> {
  const login = (params as { login?: unknown } | undefined)?.login
  if (method === 'cancelSocial') return cancelSocial(login)
  if (method === 'connectSocial') {
    const provider = (params as { provider?: unknown } | undefined)?.provider
    if (typeof provider !== 'string')
      throw new Refusal({ code: -32602, message: 'provider must be a string' })
    const started = await context.api<{ login: string; url: string }>('/v1/auth/social/start', {
      body: { provider, device: await deviceSecret() },
    })
    expectSocial(started.login)
    return started
  }
  if (typeof login !== 'string') throw new Refusal({ code: -32602, message: 'login must be a string' })
  const before = signOuts
  const signedOut = () => new Refusal({ code: 4001, message: 'Signed out while the login finished' })
  const { proof } = await socialResult(login)
  if (signOuts !== before) throw signedOut()
  const { token, user } = await context.api<{ token: string; user: User }>(
    `/v1/auth/social/${login}/complete`,
    {
      body: { device: await deviceSecret(), proof },
    },
  )
  if (signOuts !== before) throw signedOut()
  return context.signIn(token, user)
}

/** A sign-out ends the login in progress, whichever it is, even one completing. */
export function cancelAll(): void {
  signOuts += 1
  const waiting = current
  current = undefined
  waiting?.settle?.(new Refusal({ code: 4001, message: 'The login was cancelled' }))
}
