// @vitest-environment happy-dom
// The frame without storage of its own (happy-dom has no IndexedDB, as a browser blocking third-party storage gives
// a frame on another site none): refused until the wallet's window has brought what this device keeps.
import { afterEach, expect, test, vi } from 'vitest'
import { freeScreen, screenTaken } from './screen.ts'
import { canKeep, hasOwnStorage, read, release, remove, write } from './store.ts'
import { cancelVault, openVault } from './vault.ts'

const page = { origin: 'https://dapp.example', show: vi.fn(), hide: vi.fn() }

afterEach(() => {
  cancelVault()
  freeScreen()
  document.body.replaceChildren()
  vi.restoreAllMocks()
})

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((button) => button.textContent === name) as HTMLButtonElement

test('refused (4100, storage) until the wallet’s window brings what it keeps; then read here, written there too', async () => {
  expect(await hasOwnStorage()).toBe(false)
  await expect(read('session')).rejects.toMatchObject({ error: { code: 4100, data: { reason: 'storage' } } })

  // The visitor opens the window from the frame's own button.
  const kept: unknown[] = []
  const vaultWindow = { closed: false, postMessage: (message: unknown) => kept.push(message) }
  const open = vi.spyOn(window, 'open').mockReturnValue(vaultWindow as unknown as Window)
  const opening = openVault(page, () => false)
  expect(document.querySelector('h1')?.textContent).toBe('Continue in your wallet’s window')
  expect(document.body.textContent).toContain('from remembering you on dapp.example')
  expect(page.show).toHaveBeenCalled()
  button('Open wallet window').click()
  expect(open).toHaveBeenCalledWith(expect.stringContaining('window=1'), 'latch-wallet', expect.any(String))

  // A message from anything but that window is not it.
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { protocol: 'latch-frame', type: 'vault', entries: [['session', 'stolen']] },
      origin: location.origin,
    }),
  )
  expect(screenTaken()).toBe(true)
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { protocol: 'latch-frame', type: 'vault', entries: [['session', 'token-1']] },
      origin: location.origin,
      source: vaultWindow as unknown as Window,
    }),
  )
  await opening
  expect(screenTaken()).toBe(false)
  expect(await read('session')).toBe('token-1')
  await write('device', 'secret')
  expect(await read('device')).toBe('secret')
  await remove('session')
  expect(await read('session')).toBeUndefined()
  release()
  expect(kept).toEqual([
    { type: 'vault-write', key: 'device', value: 'secret' },
    { type: 'vault-write', key: 'session', value: undefined },
    { type: 'vault-close' },
  ])
  // The window gone, nothing is written (here either: what the frame holds stays what the device keeps); it is
  // still read for the visit.
  expect(await canKeep()).toBe(false)
  await expect(write('session', 'token-2')).rejects.toMatchObject({ error: { data: { reason: 'storage' } } })
  expect(await read('session')).toBeUndefined()
  expect(await read('device')).toBe('secret')
  expect(kept).toHaveLength(3)
})

test('a window that has no storage either says so: the question ends with that reason, not a wait', async () => {
  const vaultWindow = { closed: false, postMessage: () => {} }
  vi.spyOn(window, 'open').mockReturnValue(vaultWindow as unknown as Window)
  const opening = openVault(page, () => false)
  button('Open wallet window').click()
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { protocol: 'latch-frame', type: 'vault' },
      origin: location.origin,
      source: vaultWindow as unknown as Window,
    }),
  )
  await expect(opening).rejects.toMatchObject({ error: { data: { reason: 'no-storage' } } })
  expect(screenTaken()).toBe(false)
})

test('a blocked window says so and keeps the button; Cancel declines (4001)', async () => {
  vi.spyOn(window, 'open').mockReturnValue(null)
  const opening = openVault(page, () => false)
  button('Open wallet window').click()
  expect(document.querySelector('[role="alert"]')?.textContent).toBe(
    'Your browser blocked the window: allow pop-ups for https://dapp.example, then try again.',
  )
  button('Cancel').click()
  await expect(opening).rejects.toMatchObject({ error: { code: 4001 } })
  expect(document.body.children).toHaveLength(0)
})
