// A stand-in of Telegram's login page (oauth.telegram.org/auth), served with the local issuers under /telegram: it
// asks for any name instead of a phone number, signs the user's data for the bot as Telegram does (HMAC-SHA256 under
// the SHA-256 of the bot's token) and sends the visitor back to the app's `return_to` with `#tgAuthResult=`. Logins
// starting with `stale` are dated two days ago and those starting with `tampered` carry a broken hash, so that tests
// can see the server refuse them.
import { createHash, createHmac } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

/** The devnet's test bot (development only): the server is given it as TELEGRAM_BOT_TOKEN by `npm start` and tests. */
export const localTelegramBotToken = '7000000001:latch-devnet-test-bot-secret-0123456789'

/**
 * Signs login data as Telegram does for the bot `botToken`: the data with its `hash`.
 *
 * @example
 * signTelegramLogin({ id: '42', first_name: 'Ada', auth_date: String(Math.floor(Date.now() / 1000)) }, botToken)
 */
export function signTelegramLogin(
  fields: Readonly<Record<string, string>>,
  botToken: string,
): Record<string, string> {
  const secret = createHash('sha256').update(botToken).digest()
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n')
  return { ...fields, hash: createHmac('sha256', secret).update(checkString).digest('hex') }
}

/** The test user `login` is: a stable numeric id from the name, the name as first name and username. */
export function telegramUserOf(login: string): { id: string; username: string } {
  const digest = createHash('sha256').update(`latch-telegram:${login}`).digest()
  return {
    id: String(digest.readUInt32BE(0) + 1),
    username: login.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 32),
  }
}

const escapeHtml = (value: string) => value.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`)

function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Telegram</title></head><body>${html}</body></html>`,
  )
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of req) {
    body += chunk
    if (body.length > 8192) throw new Error('The form is too large')
  }
  return body
}

/**
 * Serves `GET /telegram/auth` (the login form for `bot_id`, `origin`, `return_to`) and its `POST` (the signed answer,
 * back to `return_to`); the path is the one after `/telegram`.
 */
export async function serveTelegramLogin(
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
  botToken: string,
): Promise<void> {
  if (path !== '/auth') return send(res, 404, '<p>Not found</p>')
  const params =
    req.method === 'POST'
      ? new URLSearchParams(await readBody(req))
      : new URL(req.url ?? '/', 'http://telegram.invalid').searchParams
  const botId = params.get('bot_id') ?? ''
  const returnTo = params.get('return_to') ?? ''
  if (botId !== botToken.split(':')[0]) return send(res, 400, '<p>Bot domain invalid</p>')
  if (!/^https?:\/\//.test(returnTo)) return send(res, 400, '<p>return_to must be an http(s) URL</p>')
  if (req.method !== 'POST') {
    const origin = params.get('origin') ?? ''
    return send(
      res,
      200,
      `<main><h1>Log in to ${escapeHtml(origin)} with Telegram</h1><form method="post"><input type="hidden" name="bot_id" value="${escapeHtml(botId)}"><input type="hidden" name="return_to" value="${escapeHtml(returnTo)}"><input name="login" placeholder="Enter any login" aria-label="Login" required><button>Log in</button></form></main>`,
    )
  }
  const login = (params.get('login') ?? '').trim().slice(0, 64)
  if (!login) return send(res, 400, '<p>Enter a login</p>')
  const user = telegramUserOf(login)
  const now = Math.floor(Date.now() / 1000)
  const signed = signTelegramLogin(
    {
      id: user.id,
      first_name: login,
      username: user.username,
      auth_date: String(login.startsWith('stale') ? now - 2 * 24 * 60 * 60 : now),
    },
    botToken,
  )
  if (login.startsWith('tampered')) signed.first_name = `${login} (changed)`
  const result = Buffer.from(JSON.stringify(signed)).toString('base64url')
  res.writeHead(302, { location: `${returnTo}#tgAuthResult=${result}`, 'cache-control': 'no-store' })
  res.end()
}
