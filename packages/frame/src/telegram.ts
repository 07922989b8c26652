// A Telegram login, on the frame's side. Telegram allows no popup: the frame starts the login for this device with
// the page to come back to (a page of the origin that opened the frame, no other), and the page goes to Telegram
// itself; on the way back the page hands the frame the one-time proof the server put in its fragment, and the frame
// trades it and its device secret for the session, as a popup's proof.
import type { FrameMethod } from '@latch/core/frame'
import { Refusal } from './refusal.ts'
import type { User } from './requests.ts'
import type { SocialContext } from './social.ts'
import { deviceSecret } from './store.ts'

/**
 * requests.ts's `text`, written out: a value this chunk imported from the page's module made Rolldown split the page's
 * shared code into four more scripts (+1 KiB gzip before the frame can answer, measured).
 */
const text = (params: unknown, name: string) => {
  const value = (params as Record<string, unknown> | undefined)?.[name]
  if (typeof value !== 'string') throw new Refusal({ code: -32602, message: `${name} must be a string` })
  return value
}

/**
 * `connectTelegram` (`{ returnTo }`, a page of the frame's parent: Telegram's login page `{ url }` for the page to go
 * to) and `completeTelegram` (`{ login, proof }` from the way back: the session).
 */
export async function telegramRequest(
  method: FrameMethod,
  params: unknown,
  context: SocialContext & { origin: string },
): Promise<unknown> {
  if (method === 'connectTelegram') {
    const returnTo = text(params, 'returnTo')
    if (URL.parse(returnTo)?.origin !== context.origin)
      throw new Refusal({
        code: -32602,
        message: 'returnTo must be a page of the app that opened the wallet',
      })
    // The server sends the proof back only to a page of this frame's project (its URL names it).
    const projectId = new URLSearchParams(location.search).get('projectId') ?? ''
    const { url } = await context.api<{ login: string; url: string }>('/v1/auth/telegram/start', {
      body: { device: await deviceSecret(), returnTo, projectId },
    })
    return { url }
  }
  const { token, user } = await context.api<{ token: string; user: User }>(
    `/v1/auth/social/${encodeURIComponent(text(params, 'login'))}/complete`,
    { body: { device: await deviceSecret(), proof: text(params, 'proof') } },
  )
  return context.signIn(token, user)
}
