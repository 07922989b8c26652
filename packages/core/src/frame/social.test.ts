import { describe, expect, test, vi } from 'vitest'
import { createMemoryStorage } from '../../test/fakeAdapter.ts'
import { allSocials } from '../options/defaults.ts'
import { getStoredConnections, storageKeys } from '../persistence/recent.ts'
import { connectSocial, connectTelegram, SOCIAL_WAIT_MS, socialLogin } from './social.ts'
import { offeredSocials, rememberedSocial, SOCIAL_PROVIDER_KEY, socialsFor } from './socials.ts'
import type { FrameSession, FrameUser } from './types.ts'

const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36 Telegram-Android/11.4.2'
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15'

describe('socialsFor', () => {
  test('outside Telegram: every social, in the app’s order', () => {
    expect(socialsFor(allSocials, { userAgent: android.replace(' Telegram-Android/11.4.2', '') })).toEqual(
      allSocials,
    )
  })

  test('inside Telegram (SPEC §5): iOS removes google; macOS removes x; Android removes facebook and x', () => {
    expect(socialsFor(allSocials, { userAgent: android })).toEqual([
      'google',
      'discord',
      'farcaster',
      'github',
      'apple',
    ])
    expect(socialsFor(allSocials, { userAgent: iphone, telegram: true })).not.toContain('google')
    expect(socialsFor(allSocials, { userAgent: mac, telegram: true })).toEqual(
      allSocials.filter((social) => social !== 'x'),
    )
  })

  test('the remembered provider comes first, when it is offered', () => {
    expect(socialsFor(['google', 'x', 'github'], { userAgent: mac }, 'github')).toEqual([
      'github',
      'google',
      'x',
    ])
    expect(socialsFor(['google', 'github'], { userAgent: android }, 'x')).toEqual(['google', 'github'])
  })
})

test('the remembered provider is kept under storageKeys.socialProvider, which disconnect removes', () => {
  expect(SOCIAL_PROVIDER_KEY).toBe(storageKeys.socialProvider)
  const storage = createMemoryStorage({ [storageKeys.socialProvider]: '"github"' })
  expect(rememberedSocial(storage)).toBe('github')
  expect(rememberedSocial(createMemoryStorage({ [storageKeys.socialProvider]: '{' }))).toBeUndefined()
})

/** A frame session answering the social requests as `answer` says, recording what it was asked. */
function fakeSession(answer: (method: string, params: unknown) => Promise<unknown>) {
  const asked: [string, unknown][] = []
  const signedIn = vi.fn<(user: FrameUser) => void>()
  const session = {
    request: (method: string, params: unknown) => {
      asked.push([method, params])
      return answer(method, params)
    },
    signedIn,
  } as unknown as FrameSession
  return { session, asked, signedIn }
}

const user: FrameUser = {
  id: 'u',
  email: 'ada@latch.test',
  address: '0x0000000000000000000000000000000000000001',
  socialProvider: 'google',
  username: null,
  accountType: 'eoa',
}
const popupWindow = () => ({ closed: false, location: { href: '' }, close: vi.fn() }) as unknown as Window

describe('connectSocial', () => {
  test('sends the popup to the provider, keeps the account and remembers the provider', async () => {
    const { session, asked, signedIn } = fakeSession(async (method) =>
      method === 'connectSocial' ? { url: 'https://issuer.test/auth?x=1', login: 'l1' } : user,
    )
    const popup = popupWindow()
    const storage = createMemoryStorage()
    expect(await connectSocial(session, 'google', popup, storage)).toBe(true)
    expect(popup.location.href).toBe('https://issuer.test/auth?x=1')
    expect(asked).toEqual([
      ['connectSocial', { provider: 'google' }],
      ['completeSocial', { login: 'l1' }],
    ])
    expect(signedIn).toHaveBeenCalledWith(user)
    expect(rememberedSocial(storage)).toBe('google')
    expect(socialLogin(session).getState()).toMatchObject({ provider: 'google', status: 'idle' })
  })

  test('a blocked popup fails at once, in words', async () => {
    const { session, asked } = fakeSession(async () => ({}))
    expect(await connectSocial(session, 'x', null)).toBe(false)
    expect(asked).toEqual([])
    expect(socialLogin(session).getState()).toMatchObject({
      status: 'failed',
      error: { message: 'The login window was blocked' },
    })
  })

  test('45 s without an answer: a timeout, the login cancelled in the frame and the popup closed', async () => {
    vi.useFakeTimers()
    try {
      const { session, asked } = fakeSession((method) =>
        method === 'connectSocial'
          ? Promise.resolve({ url: 'https://issuer.test/auth', login: 'l2' })
          : new Promise(() => {}),
      )
      const popup = popupWindow()
      const outcome = connectSocial(session, 'google', popup)
      await vi.advanceTimersByTimeAsync(SOCIAL_WAIT_MS)
      expect(await outcome).toBe(false)
      expect(socialLogin(session).getState()).toMatchObject({
        status: 'failed',
        error: { reason: 'timeout' },
      })
      expect(asked).toContainEqual(['cancelSocial', { login: 'l2' }])
      expect(popup.close).toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })

  test('the visitor closing the popup is a cancel, not a failure', async () => {
    vi.useFakeTimers()
    try {
      const { session, asked } = fakeSession((method) =>
        method === 'connectSocial'
          ? Promise.resolve({ url: 'https://issuer.test/auth', login: 'l3' })
          : method === 'cancelSocial'
            ? Promise.resolve({ cancelled: true })
            : new Promise(() => {}),
      )
      const popup = popupWindow()
      const outcome = connectSocial(session, 'discord', popup)
      await vi.advanceTimersByTimeAsync(1000)
      ;(popup as { closed: boolean }).closed = true
      await vi.advanceTimersByTimeAsync(600)
      expect(await outcome).toBe(false)
      expect(asked).toContainEqual(['cancelSocial', { login: 'l3' }])
      expect(socialLogin(session).getState()).toEqual({
        provider: 'discord',
        status: 'cancelled',
        error: undefined,
      })
    } finally {
      vi.useRealTimers()
    }
  })

  test('the popup closing itself after handing the frame its outcome is no cancel: the login completes', async () => {
    vi.useFakeTimers()
    try {
      let complete: (user: FrameUser) => void = () => {}
      const { session, signedIn } = fakeSession((method) =>
        method === 'connectSocial'
          ? Promise.resolve({ url: 'https://issuer.test/auth', login: 'l4' })
          : method === 'cancelSocial'
            ? Promise.resolve({ cancelled: false })
            : new Promise((resolve) => {
                complete = resolve
              }),
      )
      const popup = popupWindow()
      const outcome = connectSocial(session, 'github', popup)
      await vi.advanceTimersByTimeAsync(1000)
      ;(popup as { closed: boolean }).closed = true
      // The frame is still making the account's key: seconds, after the popup has gone.
      await vi.advanceTimersByTimeAsync(3000)
      complete(user)
      expect(await outcome).toBe(true)
      expect(signedIn).toHaveBeenCalledWith(user)
      expect(socialLogin(session).getState().status).toBe('idle')
    } finally {
      vi.useRealTimers()
    }
  })

  test('a second provider picked while the first popup is open: the first gives way, the shared popup stays', async () => {
    const { session } = fakeSession((method) =>
      method === 'connectSocial'
        ? Promise.resolve({ url: 'https://issuer.test/auth', login: 'l5' })
        : new Promise(() => {}),
    )
    const popup = popupWindow()
    const first = connectSocial(session, 'google', popup)
    void connectSocial(session, 'x', popup)
    // The first's late answer gives up without closing the window the second uses.
    expect(await first).toBe(false)
    expect(popup.close).not.toHaveBeenCalled()
    expect(socialLogin(session).getState()).toMatchObject({ provider: 'x', status: 'popup' })
  })
})

describe('connectTelegram', () => {
  test('asks the frame for a login back to this page, stores the embedded wallet as the connection, then goes', async () => {
    vi.stubGlobal('location', { href: 'https://dapp.example/shop?item=1' })
    try {
      const { session, asked } = fakeSession(async () => ({
        url: 'https://oauth.telegram.test/auth?bot_id=7',
      }))
      const storage = createMemoryStorage({
        [storageKeys.connections]: JSON.stringify({ solana: 'phantom' }),
      })
      const went: string[] = []
      await connectTelegram(session, 'latch-email', storage, (url) => went.push(url))
      expect(asked).toEqual([['connectTelegram', { returnTo: 'https://dapp.example/shop?item=1' }]])
      expect(went).toEqual(['https://oauth.telegram.test/auth?bot_id=7'])
      // The way back reconnects the embedded wallet (the reconnect reads these very keys), the other chains' too.
      expect(getStoredConnections(storage)).toEqual({ solana: 'phantom', eip155: 'latch-email' })
      expect(rememberedSocial(storage)).toBe('telegram')
      expect(socialLogin(session).getState()).toMatchObject({ provider: 'telegram', status: 'leaving' })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('a refusal stays on the page, failed in words; nothing is stored', async () => {
    vi.stubGlobal('location', { href: 'https://dapp.example/' })
    try {
      const { session } = fakeSession(async () => {
        throw Object.assign(new Error('x'), {
          shortMessage: 'returnTo must be a page of the app',
          code: -32602,
        })
      })
      const storage = createMemoryStorage()
      const went: string[] = []
      await connectTelegram(session, 'latch-email', storage, (url) => went.push(url))
      expect(went).toEqual([])
      expect(getStoredConnections(storage)).toEqual({})
      expect(socialLogin(session).getState()).toMatchObject({
        status: 'failed',
        error: { message: 'returnTo must be a page of the app', code: -32602 },
      })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('offeredSocials', () => {
  test('the app’s socials the server has a client for, asked once per client; the app’s list without an answer', async () => {
    const fetch = vi.fn(async (_url: URL | string) =>
      Response.json({ providers: ['github', 'google', 'myspace'] }),
    )
    vi.stubGlobal('fetch', fetch)
    try {
      const options = { apiUrl: 'http://api.test', socials: ['google', 'x', 'github'] as const }
      expect(await offeredSocials(options)).toEqual(['google', 'github'])
      expect(await offeredSocials(options)).toEqual(['google', 'github'])
      expect(fetch).toHaveBeenCalledTimes(1)
      expect(String(fetch.mock.calls[0]?.[0])).toBe('http://api.test/v1/auth/socials')

      fetch.mockImplementation(async (_url: URL | string) => new Response('down', { status: 503 }))
      const other = { apiUrl: 'http://api.test', socials: ['x'] as const }
      expect(await offeredSocials(other)).toEqual(['x'])
      expect(await offeredSocials({ apiUrl: undefined, socials: ['apple'] })).toEqual(['apple'])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('Telegram comes last when the deployment has its bot, unless the app shows no social logins', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ providers: ['google', 'telegram'] })),
    )
    try {
      expect(await offeredSocials({ apiUrl: 'http://api.test', socials: ['x', 'google'] })).toEqual([
        'google',
        'telegram',
      ])
      expect(await offeredSocials({ apiUrl: 'http://api.test', socials: [] })).toEqual([])
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
