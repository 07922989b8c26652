import { expect, test } from 'vitest'
import { open, proofOf, seal } from './account.ts'

test('a share sealed under a passphrase opens with it, for its account only, and fits the server’s box', async () => {
  const share = crypto.getRandomValues(new Uint8Array(33))
  const box = await seal(share, 'correct horse battery staple', 'account-1')
  expect(box).toMatchObject({ kdf: 'pbkdf2-sha256', iterations: 600_000 })
  // The server's limits (routes/auth.ts passphraseBox): base64, salt ≤ 64, iv ≤ 32, ciphertext ≤ 200 characters.
  for (const [field, max] of [
    ['salt', 64],
    ['iv', 32],
    ['ciphertext', 200],
  ] as const) {
    expect(box[field]).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
    expect(box[field].length).toBeLessThanOrEqual(max)
  }
  expect(await open(box, 'correct horse battery staple', 'account-1')).toEqual(share)
  expect(await open(box, 'correct horse battery stapler', 'account-1')).toBeUndefined()
  // Moved to another account's row, the box does not open.
  expect(await open(box, 'correct horse battery staple', 'account-2')).toBeUndefined()
  // The same passphrase, differently composed (NFC vs NFD), is the same passphrase.
  const accented = await seal(share, 'caf\u00e9 au lait, s\u2019il vous pla\u00eet', 'account-1')
  expect(await open(accented, 'cafe\u0301 au lait, s\u2019il vous plai\u0302t', 'account-1')).toEqual(share)
}, 30_000)

test('a passphrase’s proof is the same for the same passphrase and account, another for any other, and fits the server', async () => {
  const proof = await proofOf('correct horse battery staple', 'account-1')
  // The server's check (routes/auth.ts passphraseProof): 32 bytes as base64.
  expect(proof).toMatch(/^[A-Za-z0-9+/]{43}=$/)
  expect(await proofOf('correct horse battery staple', 'account-1')).toBe(proof)
  expect(await proofOf('correct horse battery stapler', 'account-1')).not.toBe(proof)
  expect(await proofOf('correct horse battery staple', 'account-2')).not.toBe(proof)
  expect(await proofOf('cafe\u0301', 'account-1')).toBe(await proofOf('caf\u00e9', 'account-1'))
}, 30_000)
