import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createMemoryStorage } from '../../test/fakeAdapter.ts'
import { storageKeys } from '../persistence/recent.ts'
import { connectFarcaster, farcasterLogin, stopFarcaster } from './farcaster.ts'
import type { FrameSession, FrameUser } from './types.ts'

const user: FrameUser = {
  id: 'u',
  email: null,
  address: '0x0000000000000000000000000000000000000001',
  socialProvider: 'farcaster',
  username: '@alice',
  accountType: 'eoa',
}

/** A refusal as the frame's channel gives it: its message, code and the server's status. */
const refusal = (message: string, status: number) =>
  Object.assign(new Error(message), { shortMessage: message, code: -32000, data: { status } })

/**
 * A frame session whose codes last `expiresIn` s: each `connectFarcaster` answers the next code, `completeFarcaster`
 * waits for `settle` of that login.
 */
function fakeSession(expiresIn = 240) {
  const asked: [string, unknown][] = []
  const waiting = new Map<string, { resolve(user: FrameUser): void; reject(error: unknown): void }>()
  let codes = 0
  const signedIn = vi.fn<(user: FrameUser) => void>()
  const session = {
    request: (method: string, params: { login?: string } = {}) => {
      asked.push([method, params])
      if (method === 'connectFarcaster') {
        codes += 1
        return Promise.resolve({
          login: `l${codes}`,
          url: `farcaster://connect?channelToken=t${codes}`,
          expiresIn,
        })
      }
      if (method === 'completeFarcaster')
        return new Promise((resolve, reject) => waiting.set(params.login ?? '', { resolve, reject }))
      return Promise.resolve({ cancelled: true })
    },
    signedIn,
  } as unknown as FrameSession
  return { session, asked, signedIn, settle: (login: string) => waiting.get(login)!, codes: () => codes }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

test('shows the code until the app answers; then the session, and Farcaster remembered', async () => {
  const { session, signedIn, settle } = fakeSession()
  const storage = createMemoryStorage()
  const done = connectFarcaster(session, storage)
  await vi.waitFor(() => expect(farcasterLogin(session).getState().status).toBe('waiting'))
  expect(farcasterLogin(session).getState().url).toBe('farcaster://connect?channelToken=t1')
  settle('l1').resolve(user)
  expect(await done).toBe(true)
  expect(signedIn).toHaveBeenCalledWith(user)
  expect(farcasterLogin(session).getState().status).toBe('connected')
  expect(storage.getItem(storageKeys.socialProvider), 'where disconnect removes it').toBe('"farcaster"')
})

test('a code is renewed 10 s before its 240 s are over (SPEC §4), the old one given up', async () => {
  const { session, asked, settle } = fakeSession()
  const done = connectFarcaster(session)
  await vi.waitFor(() => expect(farcasterLogin(session).getState().url).toMatch(/t1$/))
  await vi.advanceTimersByTimeAsync(229_000)
  expect(farcasterLogin(session).getState().url).toMatch(/t1$/)
  await vi.advanceTimersByTimeAsync(1_000)
  await vi.waitFor(() => expect(farcasterLogin(session).getState().url).toMatch(/t2$/))
  expect(asked).toContainEqual(['cancelFarcaster', { login: 'l1' }])
  settle('l2').resolve(user)
  expect(await done).toBe(true)
})

test('the server’s word that a code expired (410) brings a new one; another refusal fails in words', async () => {
  const { session, settle } = fakeSession()
  const done = connectFarcaster(session)
  await vi.waitFor(() => expect(farcasterLogin(session).getState().url).toMatch(/t1$/))
  settle('l1').reject(refusal('The Farcaster request expired: get a new code', 410))
  await vi.waitFor(() => expect(farcasterLogin(session).getState().url).toMatch(/t2$/))
  settle('l2').reject(refusal('Farcaster’s answer was refused: signer 0x1 does not own fid 3', 400))
  expect(await done).toBe(false)
  expect(farcasterLogin(session).getState()).toMatchObject({
    status: 'failed',
    url: undefined,
    error: { message: 'Farcaster’s answer was refused: signer 0x1 does not own fid 3', code: -32000 },
  })
})

test('stopFarcaster (the view closed) gives the code up and shows nothing; a late answer changes nothing', async () => {
  const { session, asked, signedIn, settle, codes } = fakeSession()
  const done = connectFarcaster(session)
  await vi.waitFor(() => expect(farcasterLogin(session).getState().status).toBe('waiting'))
  stopFarcaster(session)
  expect(asked).toContainEqual(['cancelFarcaster', { login: 'l1' }])
  expect(farcasterLogin(session).getState()).toMatchObject({ status: 'idle', url: undefined })
  settle('l1').reject(refusal('The login was cancelled', 0))
  expect(await done).toBe(false)
  expect(farcasterLogin(session).getState().status).toBe('idle')
  await vi.advanceTimersByTimeAsync(300_000)
  expect(codes(), 'no code renewed after the view closed').toBe(1)
  expect(signedIn).not.toHaveBeenCalled()
})
