// The social login's popup, on the frame's origin: the page the provider's callback ends on, whose one script hands
// the outcome to the wallet's frame in the page that opened the popup, and to nothing else.
import type { FastifyReply } from 'fastify'

/** The frame-protocol message the callback page posts to the frame (`protocol` as the frame's own messages). */
export interface SocialResultMessage {
  protocol: 'latch-frame'
  type: 'social'
  login: string
  proof?: string
  error?: string
}

/**
 * Nothing but its own script (the result page's), no form, no frame. The popup keeps its opener (`unsafe-none`):
 * the script reaches the frame through it.
 */
const csp =
  "default-src 'none'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/**
 * The result page's script: it posts the outcome to every frame of the opener with the frame origin as the target,
 * so that only the wallet's frame (this origin) can read it, never the dapp's page, then closes the popup.
 */
export const resultScript = `(() => {
  const meta = document.querySelector('meta[name="latch-social"]')
  const opener = window.opener
  if (!meta || !opener) return
  const message = JSON.parse(meta.getAttribute('content'))
  for (let index = 0; index < opener.frames.length; index++) {
    try { opener.frames[index].postMessage(message, location.origin) } catch {}
  }
  setTimeout(() => window.close(), 300)
})()
`

const escapeHtml = (value: string) =>
  value.replace(/[&"'<>]/g, (character) => `&#${character.charCodeAt(0)};`)

function page(reply: FastifyReply, title: string, body: string, head = '', policy = csp): FastifyReply {
  return (
    reply
      .header('content-security-policy', policy)
      // Their addresses carry a login's state or code: not for the next page to read.
      .header('referrer-policy', 'no-referrer')
      .header('cross-origin-opener-policy', 'unsafe-none')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>${head}</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></main></body></html>`,
      )
  )
}

/**
 * The callback's page: the outcome for the frame (when the login is known) and, for the visitor, what happened.
 */
export function resultPage(
  reply: FastifyReply,
  outcome: { title: string; text: string; message?: SocialResultMessage },
): FastifyReply {
  const head = outcome.message
    ? `<meta name="latch-social" content="${escapeHtml(JSON.stringify(outcome.message))}"><script src="/v1/auth/social/result.js"></script>`
    : ''
  return page(reply, outcome.title, outcome.text, head)
}

/**
 * The page Telegram sends the visitor back to (a top-level page, not a popup): its script (`routes/telegram.ts`) hands
 * Telegram's answer to the server, so it may also ask its own origin.
 */
export const telegramReturnPage = (reply: FastifyReply) =>
  page(
    reply,
    'Logging in with Telegram…',
    'You go back to the app in a moment. This page needs JavaScript to finish the login.',
    '<script src="/v1/auth/telegram/return.js" defer></script>',
    csp.replace("script-src 'self';", "script-src 'self'; connect-src 'self';"),
  )
