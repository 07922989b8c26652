// The recovery share under the visitor's passphrase, loaded when the visitor sets one or a new device needs one. The
// passphrase is typed here, in the frame's own form: the dapp's page never sees it, and the server only ever gets the
// sealed box (PBKDF2-SHA256, 600 000 iterations, then AES-GCM bound to the account), which it cannot open.
import { deviceShare, fromBase64, keepDeviceShare, toBase64, withKey } from './keys.ts'
import { notLoggedIn, Refusal, rejected } from './refusal.ts'
import type { api, PageContext, User } from './requests.ts'
import { freeScreen, takeScreen } from './screen.ts'

/** The e-mail change in progress (its id), waiting for the codes of both addresses. */
let changing: string | undefined

/** Mails a code to the account's address and one to `email`; `verifyEmail` takes both. */
export async function updateEmail(email: string, token: string, ask: typeof api) {
  changing = (await ask<{ change: string }>('/v1/auth/email', { body: { email }, token })).change
  return { action: 'VERIFY_PRIMARY_OTP_AND_SECONDARY_OTP' }
}

/** Makes the change in progress with the codes mailed to the current (`code`) and the new address (`newCode`). */
export async function verifyEmail(
  code: string,
  newCode: string,
  token: string,
  ask: typeof api,
): Promise<User> {
  if (!changing) throw new Refusal({ code: -32000, message: 'No e-mail change in progress' })
  const { user } = await ask<{ user: User }>(`/v1/auth/email/${changing}/verify`, {
    body: { code, newCode },
    token,
  })
  changing = undefined
  return user
}

/** Signing out forgets the change in progress. */
export const forgetEmailChange = () => {
  changing = undefined
}

/** The box as the server keeps it (its `passphraseBox`). */
export interface PassphraseBox {
  kdf: 'pbkdf2-sha256'
  iterations: number
  salt: string
  iv: string
  ciphertext: string
}

/** OWASP's figure for PBKDF2-HMAC-SHA256 (2023): about a second on a phone, and every guess costs as much. */
const ITERATIONS = 600_000
const MIN_LENGTH = 12

const material = (passphrase: string) =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(passphrase.normalize('NFKC')), 'PBKDF2', false, [
    'deriveKey',
    'deriveBits',
  ])

async function boxKey(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    await material(passphrase),
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/**
 * What the passphrase shows the server to change it (the server keeps its sha-256): a PBKDF2 of its own, salted by
 * the account, as slow to guess as the box and unrelated to the key that opens it.
 */
export async function proofOf(passphrase: string, accountId: string): Promise<string> {
  const salt = new TextEncoder().encode(`latch:passphrase-proof:${accountId}`)
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: ITERATIONS },
    await material(passphrase),
    256,
  )
  return toBase64(new Uint8Array(bits))
}

/** Seals `share` under `passphrase` for the account (the box opens for that account only). */
export async function seal(share: Uint8Array, passphrase: string, accountId: string): Promise<PassphraseBox> {
  // Its own copy, taken now: the caller may zero `share` while the key is derived (a second, by design).
  const plain = new Uint8Array(share)
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  let sealed: ArrayBuffer
  try {
    const key = await boxKey(passphrase, salt, ITERATIONS)
    sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(accountId) },
      key,
      plain,
    )
  } finally {
    plain.fill(0)
  }
  return {
    kdf: 'pbkdf2-sha256',
    iterations: ITERATIONS,
    salt: toBase64(salt),
    iv: toBase64(iv),
    ciphertext: toBase64(new Uint8Array(sealed)),
  }
}

/** The share in `box`, or undefined when the passphrase is not the one it was sealed with. */
export async function open(
  box: PassphraseBox,
  passphrase: string,
  accountId: string,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const key = await boxKey(passphrase, fromBase64(box.salt), box.iterations)
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: fromBase64(box.iv), additionalData: new TextEncoder().encode(accountId) },
        key,
        fromBase64(box.ciphertext),
      ),
    )
  } catch {
    return undefined
  }
}

/** What a passphrase flow needs of the frame's first half: the session, the page, the server. */
export interface RecoveryContext {
  token: string
  page: PageContext
  api: typeof api
  /** Whether the page stopped showing the form while the flow was on its way. */
  withdrawn(): boolean
}

/** The form nobody answers is closed after this long, as an approval is. */
const FORM_MS = 5 * 60_000

/**
 * A device new to the account: its share from the server's recovery share, or from the box the passphrase (typed
 * here) opens, checked to make the account's key with the auth share. The server gives either only just after a login.
 */
export async function unlock(user: User, context: RecoveryContext): Promise<void> {
  const { token } = context
  const { authShare } = await context.api<{ authShare: string }>('/v1/auth/keys/auth', { token })
  const answer = await context.api<{ recoveryShare: string | null; passphraseBox: PassphraseBox | null }>(
    '/v1/auth/keys/recovery',
    { token },
  )
  /** Keeps `share` as this device's once it makes the account's key with the auth share; zeroed either way. */
  const keep = async (share: Uint8Array<ArrayBuffer>) => {
    try {
      await withKey([authShare, share], user.address ?? '', () => undefined)
      await keepDeviceShare(user.id, share)
    } finally {
      share.fill(0)
    }
  }
  const box = answer.passphraseBox
  if (answer.recoveryShare) return keep(fromBase64(answer.recoveryShare))
  if (!box) throw new Refusal({ code: -32000, message: 'This account has no recovery share' })
  // Settles once the share the box holds is kept (or rejects: the visitor cancelled).
  await askPassphrase(
    'enter',
    'Your account’s recovery is sealed with your passphrase: this device needs it once.',
    context,
    async (passphrase) => {
      const opened = await open(box, passphrase, user.id)
      if (!opened) return 'That is not the passphrase'
      await keep(opened)
      return undefined
    },
  )
}

/**
 * Seals this device's share under a new passphrase (typed here; the current one first when there is one, which the
 * server checks) and gives the server the box, which then drops its own recovery share: a new device opens the box
 * with the passphrase, and the share in it makes the key with the auth share.
 */
export async function setPassphrase(user: User, context: RecoveryContext): Promise<void> {
  const { token } = context
  const device = await deviceShare(user.id)
  if (!device) throw notLoggedIn()
  try {
    // A passphrase with a proof is asked for first (one set before proofs is replaced after a fresh login).
    const asks = await context.api<{ current: boolean }>('/v1/auth/keys', { token })
    let current: string | undefined
    if (asks.current)
      await askPassphrase(
        'enter',
        'Your current passphrase first, to change it.',
        context,
        async (passphrase) => {
          const proof = await proofOf(passphrase, user.id)
          const checked = await context.api<{ current: boolean }>('/v1/auth/keys/recovery/check', {
            body: { current: proof },
            token,
          })
          if (!checked.current) return 'That is not the passphrase'
          current = proof
          return undefined
        },
      )
    await askPassphrase(
      'set',
      `A new device of yours will need it to use your account. The server then keeps your recovery share only sealed under it, which it cannot open without guessing the passphrase: make it long. If you forget it, only your devices can recover your key. At least ${MIN_LENGTH} characters.`,
      context,
      async (passphrase) => {
        const [passphraseBox, proof] = await Promise.all([
          seal(device, passphrase, user.id),
          proofOf(passphrase, user.id),
        ])
        await context.api('/v1/auth/keys/recovery', {
          method: 'PUT',
          // Without a current passphrase, `current` is left out (undefined is not JSON).
          body: { passphraseBox, proof, current },
          token,
        })
        return undefined
      },
    )
  } finally {
    device.fill(0)
  }
}

/**
 * The frame's passphrase form, shown in the modal: `set` asks for a new passphrase twice, `enter` for the one the
 * box was sealed with. `accept` checks what was typed and answers a problem to show, or undefined to finish.
 * Rejects with 4001 when the visitor cancels (or presses Escape), after 5 minutes, or when the page stops showing
 * it; with -32002 while an approval is on screen.
 */
export function askPassphrase(
  kind: 'set' | 'enter',
  text: string,
  context: RecoveryContext,
  accept: (passphrase: string) => Promise<string | undefined>,
): Promise<void> {
  const { page } = context
  if (context.withdrawn()) return Promise.reject(rejected())
  try {
    takeScreen()
  } catch (error) {
    return Promise.reject(error)
  }
  const form = document.createElement('form')
  form.className = 'approval'
  form.noValidate = true
  form.setAttribute('aria-labelledby', 'passphrase-title')
  const title = document.createElement('h1')
  title.id = 'passphrase-title'
  title.tabIndex = -1
  title.textContent = kind === 'set' ? 'Set a recovery passphrase' : 'Enter your recovery passphrase'
  const about = document.createElement('p')
  about.textContent = text
  const inputs = (kind === 'set' ? ['New passphrase', 'Repeat it'] : ['Passphrase']).map((label, index) => {
    const field = document.createElement('label')
    field.className = 'field'
    const input = document.createElement('input')
    input.type = 'password'
    input.required = true
    input.autocomplete = kind === 'set' ? 'new-password' : 'current-password'
    input.id = `passphrase-${index}`
    field.append(label, input)
    return { field, input }
  })
  const problem = document.createElement('p')
  problem.className = 'problem'
  problem.setAttribute('role', 'alert')
  const actions = document.createElement('div')
  actions.className = 'actions'
  const cancel = document.createElement('button')
  cancel.type = 'button'
  cancel.textContent = 'Cancel'
  const submit = document.createElement('button')
  submit.type = 'submit'
  submit.className = 'primary'
  submit.textContent = kind === 'set' ? 'Set passphrase' : 'Continue'
  actions.append(cancel, submit)
  form.append(title, about, ...inputs.map(({ field }) => field), problem, actions)
  document.body.replaceChildren(form)
  page.show()
  inputs[0]?.input.focus()

  return new Promise((resolve, reject) => {
    // Settles once. While `accept` runs (sealing and storing, or opening), a cancel waits for it: what it did is
    // what is reported (a box the server already took is not called declined).
    let settled = false
    let accepting = false
    let cancelled = false
    const done = (error?: unknown) => {
      if (settled) return
      settled = true
      cancelPassphrase = () => {}
      clearTimeout(deadline)
      document.removeEventListener('keydown', onKey)
      document.body.replaceChildren()
      freeScreen()
      page.hide()
      if (error) reject(error)
      else resolve()
    }
    const stop = () => {
      if (accepting) cancelled = true
      else done(rejected())
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') stop()
    }
    document.addEventListener('keydown', onKey)
    const deadline = setTimeout(stop, FORM_MS)
    cancel.addEventListener('click', stop)
    cancelPassphrase = stop
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      if (submit.disabled) return
      const [first, second] = inputs.map(({ input }) => input.value)
      const say = (message: string) => {
        problem.textContent = message
        for (const { input } of inputs) input.setAttribute('aria-invalid', 'true')
      }
      if (kind === 'set' && (first?.length ?? 0) < MIN_LENGTH)
        return say(`Use at least ${MIN_LENGTH} characters`)
      if (kind === 'set' && first !== second) return say('The two passphrases differ')
      submit.disabled = true
      accepting = true
      problem.textContent = kind === 'set' ? 'Sealing…' : 'Checking…'
      accept(first ?? '').then(
        (message) => {
          accepting = false
          submit.disabled = false
          if (!message) done()
          else if (cancelled) done(rejected())
          else say(message)
        },
        (error: unknown) => done(error),
      )
    })
  })
}

/** Closes the form on screen as Cancel would (the page stopped showing it). */
export let cancelPassphrase = () => {}
