// The page a device link opens: a button that approves the device (a GET approves nothing, so a mail scanner
// that follows links cannot), then the outcome. Plain HTML: no script, no style, a form posting to itself.
import type { FastifyReply } from 'fastify'

export type DevicePageState =
  | { status: 'ask'; token: string }
  | { status: 'approved' | 'approved-unmailed' | 'used' | 'expired' | 'unknown' }

/** Its own policy: nothing loads, the form posts only here, and no other page may frame it. */
export const devicePageCsp = "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

const texts: Record<DevicePageState['status'], { title: string; body: string }> = {
  ask: {
    title: 'Approve this device?',
    body: 'Someone asked to log in to your wallet from a new device. Approve it only if it was you; a login code is e-mailed next.',
  },
  approved: {
    title: 'Device approved',
    body: 'A login code is on its way to your inbox. Go back to the app and enter it there.',
  },
  'approved-unmailed': {
    title: 'Device approved',
    body: 'The login code could not be sent just now. Go back to the app and ask for a new code there.',
  },
  used: {
    title: 'Link already used',
    body: 'This device was approved already. Go back to the app to continue.',
  },
  expired: {
    title: 'Link expired',
    body: 'Device links work for 20 minutes. Start the login again in the app for a new one.',
  },
  unknown: {
    title: 'Link not recognised',
    body: 'This link is incomplete or unknown. Start the login again in the app for a new one.',
  },
}

/** Sends the page for `state`. */
export function devicePage(reply: FastifyReply, state: DevicePageState): FastifyReply {
  const { title, body } = texts[state.status]
  const form =
    state.status === 'ask'
      ? `<form method="post" action="/v1/auth/device"><input type="hidden" name="token" value="${state.token}"><button type="submit">Approve this device</button></form>`
      : ''
  return reply
    .header('content-security-policy', devicePageCsp)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p>${form}</main></body></html>`,
    )
}
