import { privateKeyToAddress } from 'viem/accounts'
import { expect, test } from 'vitest'
import { createKey, fromBase64, withKey } from './keys.ts'

test('any two of the three shares make the key of the address; one share, or an altered one, does not', async () => {
  const key = await createKey()
  expect(key.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  const [auth, recovery] = [fromBase64(key.auth), fromBase64(key.recovery)]
  for (const [a, b] of [
    [key.device, auth],
    [key.device, recovery],
    [auth, recovery],
  ] as const) {
    const address = await withKey([a, b], key.address, (privateKey) => privateKeyToAddress(privateKey))
    expect(address).toBe(key.address)
  }
  const altered = new Uint8Array(auth)
  altered[0] = (altered[0] ?? 0) ^ 1
  await expect(withKey([key.device, altered], key.address, () => 'used')).rejects.toThrow(
    'The key shares do not make this account’s key',
  )
  await expect(withKey([key.device, key.device], key.address, () => 'used')).rejects.toThrow()
})

test('two keys share nothing: each is fresh randomness', async () => {
  const [a, b] = await Promise.all([createKey(), createKey()])
  expect(a.address).not.toBe(b.address)
  expect(a.auth).not.toBe(b.auth)
})
