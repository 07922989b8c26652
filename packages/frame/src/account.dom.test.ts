// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest'
import { askPassphrase, cancelPassphrase } from './account.ts'
import { freeScreen, screenTaken, takeScreen } from './screen.ts'

const page = { origin: 'https://dapp.example', show: vi.fn(), hide: vi.fn() }
const context = (withdrawn = false) => ({
  token: 't',
  page,
  api: vi.fn() as never,
  withdrawn: () => withdrawn,
})

afterEach(() => {
  cancelPassphrase()
  freeScreen()
  document.body.replaceChildren()
})

const deferred = <T>() => {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

function submit(passphrase: string) {
  const input = document.querySelector('input') as HTMLInputElement
  input.value = passphrase
  document.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }))
}

const cancel = () =>
  [...document.querySelectorAll('button')].find((button) => button.textContent === 'Cancel')?.click()

test('a cancel while the passphrase is being used waits for it: what happened is what is reported', async () => {
  const using = deferred<string | undefined>()
  const asked = askPassphrase('enter', 'Enter it', context(), () => using.promise)
  submit('correct horse battery staple')
  cancel()
  // Not settled yet: the box may be on its way to the server.
  expect(screenTaken()).toBe(true)
  using.resolve(undefined)
  await expect(asked).resolves.toBeUndefined()
  expect(screenTaken()).toBe(false)
  expect(document.body.children).toHaveLength(0)
})

test('a cancel while a wrong passphrase is checked declines once the check says so', async () => {
  const using = deferred<string | undefined>()
  const asked = askPassphrase('enter', 'Enter it', context(), () => using.promise)
  submit('not it')
  cancel()
  using.resolve('That is not the passphrase')
  await expect(asked).rejects.toMatchObject({ error: { code: 4001 } })
  expect(screenTaken()).toBe(false)
})

test('withdrawn before it is drawn, or while an approval is on screen, the form is not drawn', async () => {
  await expect(
    askPassphrase('enter', 'Enter it', context(true), async () => undefined),
  ).rejects.toMatchObject({
    error: { code: 4001 },
  })
  takeScreen()
  await expect(askPassphrase('enter', 'Enter it', context(), async () => undefined)).rejects.toMatchObject({
    error: { code: -32002 },
  })
  expect(document.body.children).toHaveLength(0)
})

test('a new passphrase must be long enough and typed the same twice', async () => {
  const accept = vi.fn(async () => undefined)
  const asked = askPassphrase('set', 'Set it', context(), accept)
  const [first, second] = [...document.querySelectorAll('input')] as HTMLInputElement[]
  const alert = () => document.querySelector('[role="alert"]')?.textContent
  first!.value = 'short'
  second!.value = 'short'
  document.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }))
  expect(alert()).toBe('Use at least 12 characters')
  first!.value = 'correct horse battery staple'
  second!.value = 'correct horse battery stapler'
  document.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }))
  expect(alert()).toBe('The two passphrases differ')
  expect(accept).not.toHaveBeenCalled()
  second!.value = 'correct horse battery staple'
  document.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }))
  await expect(asked).resolves.toBeUndefined()
  expect(accept).toHaveBeenCalledWith('correct horse battery staple')
})
