// Telegram logins as the frame and the return page call them, with data signed as Telegram does (the devnet's
// stand-in's signer, for the devnet's test bot), over PGlite: the HMAC and the day's limit checked, the way back
// carrying a one-time proof that only the starting device can trade for its session.
import { randomBytes } from 'node:crypto'
import { localTelegramBotToken, signTelegramLogin } from '@latch/devnet'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import type { LatchApp } from '../app.ts'
import { generateAuthSecrets } from '../auth/secrets.ts'
import { createFrameApp } from '../frameApp.ts'
import type { Storage } from '../storage/types.ts'
import { TELEGRAM_LOGIN_TTL_MS } from './telegram.ts'

const FRAME = 'http://127.0.0.1:8789'
const TELEGRAM = 'http://127.0.0.1:8790/telegram'
const APP_PAGE = 'https://dapp.example/shop?item=1'
let storage: Storage
let app: LatchApp
let clock = 0

beforeAll(async () => {
  storage = await memoryStorage()
  app = await createFrameApp({
    storage,
    secrets: generateAuthSecrets(),
    publicUrl: () => FRAME,
    telegram: { botToken: localTelegramBotToken, url: TELEGRAM },
    now: () => new Date(Date.now() + clock),
    rateLimits: false,
  })
  await storage.upsertProject({
    id: 'shop',
    name: 'Shop',
    allowedOrigins: ['https://dapp.example'],
    analyticsEnabled: false,
  })
})
afterAll(async () => {
  await app?.close()
  await storage?.close()
})

const newDevice = () => randomBytes(32).toString('base64url')
const seconds = () => String(Math.floor(Date.now() / 1000))
let unique = 0
const telegramUser = (fields: Record<string, string> = {}) =>
  signTelegramLogin(
    {
      id: String(1000 + ++unique),
      first_name: 'Ada',
      username: `ada${unique}`,
      auth_date: seconds(),
      ...fields,
    },
    localTelegramBotToken,
  )

async function start(device: string, returnTo = `${APP_PAGE}#section`) {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/auth/telegram/start',
    payload: { device, returnTo, projectId: 'shop' },
  })
  expect(response.statusCode).toBe(200)
  const { login, url } = response.json() as { login: string; url: string }
  const telegram = new URL(url)
  const back = new URL(telegram.searchParams.get('return_to') ?? '')
  return { login, telegram, state: back.searchParams.get('state') ?? '', back }
}
const callback = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/v1/auth/telegram/callback', payload })
const complete = (login: string, device: string, proof: string) =>
  app.inject({ method: 'POST', url: `/v1/auth/social/${login}/complete`, payload: { device, proof } })

describe('a Telegram login', () => {
  test('Telegram’s page for the bot, back with signed data, the app’s page with a proof, the device’s session', async () => {
    const device = newDevice()
    const { login, telegram, state, back } = await start(device)
    expect(`${telegram.origin}${telegram.pathname}`).toBe(`${TELEGRAM}/auth`)
    expect(telegram.searchParams.get('bot_id')).toBe('7000000001')
    expect(telegram.searchParams.get('origin')).toBe(FRAME)
    expect(`${back.origin}${back.pathname}`).toBe(`${FRAME}/v1/auth/telegram/return`)

    // Telegram's page answers in the return page's fragment: base64 of its JSON.
    const user = telegramUser()
    const answered = await callback({
      state,
      result: Buffer.from(JSON.stringify(user)).toString('base64url'),
    })
    expect(answered.statusCode).toBe(200)
    const redirect = new URL((answered.json() as { redirect: string }).redirect)
    expect(`${redirect.origin}${redirect.pathname}${redirect.search}`).toBe(APP_PAGE)
    const [id, proof] = redirect.hash.replace('#latch-telegram=', '').split('.')
    expect(id).toBe(login)

    expect((await complete(login, newDevice(), proof ?? '')).statusCode).toBe(409)
    const session = await complete(login, device, proof ?? '')
    expect(session.statusCode).toBe(200)
    const first = (session.json() as { user: Record<string, unknown> }).user
    expect(first).toMatchObject({ socialProvider: 'telegram', username: `@${user.username}`, email: null })
    expect((await complete(login, device, proof ?? '')).statusCode).toBe(409)

    // The same Telegram user later, its data as the widget's query: the same account.
    const again = await start(device)
    const second = await callback({
      state: again.state,
      data: telegramUser({ id: user.id ?? '', auth_date: seconds() }),
    })
    const [, proof2] = new URL((second.json() as { redirect: string }).redirect).hash.split('.')
    const same = await complete(again.login, device, proof2 ?? '')
    expect((same.json() as { user: { id: string } }).user.id).toBe(first.id)
  })

  test('a tampered hash, another bot’s signature, data over a day old: refused in words, with the way back', async () => {
    const device = newDevice()
    const tampered = await start(device)
    const refused = await callback({
      state: tampered.state,
      data: { ...telegramUser(), first_name: 'Mallory' },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      error: 'Telegram’s answer is not signed for this bot. Try again in the app.',
      field: 'data',
      returnTo: APP_PAGE,
    })
    // The login is used up: the state does not work twice.
    expect((await callback({ state: tampered.state, data: telegramUser() })).statusCode).toBe(409)

    const other = await start(device)
    const otherBot = signTelegramLogin(
      { id: '5', first_name: 'Eve', auth_date: seconds() },
      '7000000002:another-bot-secret-0123456789abcdefgh',
    )
    expect((await callback({ state: other.state, data: otherBot })).json().error).toMatch(
      /not signed for this bot/,
    )

    const old = await start(device)
    const stale = telegramUser({ auth_date: String(Math.floor(Date.now() / 1000) - 24 * 60 * 60 - 60) })
    const tooOld = await callback({ state: old.state, data: stale })
    expect(tooOld.statusCode).toBe(400)
    expect(tooOld.json().error).toBe('Telegram’s answer is more than a day old. Try again in the app.')

    const unread = await start(device)
    expect((await callback({ state: unread.state, result: '!!not-base64-json' })).json().error).toMatch(
      /could not be read/,
    )
  })

  test('a login comes back within 4 minutes; a forged state is unknown', async () => {
    const { state } = await start(newDevice())
    clock = TELEGRAM_LOGIN_TTL_MS
    try {
      const late = await callback({ state, data: telegramUser() })
      expect(late.statusCode).toBe(410)
      expect(late.json().error).toMatch(/within 4 minutes/)
    } finally {
      clock = 0
    }
    expect((await callback({ state: 'forged', data: telegramUser() })).statusCode).toBe(409)
  })

  test('the return page runs its own script only; bad input is named', async () => {
    const page = await app.inject({ method: 'GET', url: '/v1/auth/telegram/return?state=x' })
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.body).toContain('<script src="/v1/auth/telegram/return.js" defer></script>')
    const script = await app.inject({ method: 'GET', url: '/v1/auth/telegram/return.js' })
    expect(script.headers['content-type']).toMatch(/javascript/)

    const bad = await app.inject({
      method: 'POST',
      url: '/v1/auth/telegram/start',
      payload: { device: newDevice(), returnTo: 'javascript:alert(1)', projectId: 'shop' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatch(/returnTo/)
  })

  test('the way back is a page of the project’s allowed origins, or no login starts', async () => {
    for (const [returnTo, projectId] of [
      ['https://evil.example/steal', 'shop'],
      ['https://dapp.example.evil.example/', 'shop'],
    ]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/v1/auth/telegram/start',
        payload: { device: newDevice(), returnTo, projectId },
      })
      expect(refused.statusCode, returnTo).toBe(400)
      expect(refused.json()).toEqual({
        error: 'returnTo must be a page of one of the project’s allowed origins',
        field: 'returnTo',
      })
    }
    const unknown = await app.inject({
      method: 'POST',
      url: '/v1/auth/telegram/start',
      payload: { device: newDevice(), returnTo: 'https://dapp.example/', projectId: 'no-such-project' },
    })
    expect(unknown.json()).toEqual({ error: 'Unknown project no-such-project', field: 'projectId' })
  })
})
