import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import {
  codeHmac,
  codeKey,
  codeMatches,
  devAuthSecrets,
  generateAuthSecrets,
  readKey,
  seal,
  unseal,
} from './secrets.ts'

const dir = mkdtempSync(join(tmpdir(), 'latch-secrets-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('a key is 32 bytes as base64, base64url or hex; anything else is refused naming the variable', () => {
  const bytes = new Uint8Array(32).map((_, i) => i * 7)
  expect(readKey('K', Buffer.from(bytes).toString('base64'))).toEqual(bytes)
  expect(readKey('K', Buffer.from(bytes).toString('base64url'))).toEqual(bytes)
  expect(readKey('K', Buffer.from(bytes).toString('hex'))).toEqual(bytes)
  expect(readKey('K', `0x${Buffer.from(bytes).toString('hex')}`)).toEqual(bytes)
  for (const bad of ['', 'short', Buffer.alloc(31).toString('base64'), Buffer.alloc(33).toString('hex')])
    expect(() => readKey('LATCH_KEK', bad)).toThrow('LATCH_KEK must be 32 bytes as base64 or hex')
})

test('the development keys file is made once (0600) and read back the same', () => {
  const file = join(dir, 'nested', 'keys.json')
  const first = devAuthSecrets(file)
  expect(statSync(file).mode & 0o777).toBe(0o600)
  expect(devAuthSecrets(file)).toEqual(first)
  expect(Buffer.from(first.kek).equals(Buffer.from(first.recoveryKek))).toBe(false)
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
    kek: Buffer.from(first.kek).toString('base64'),
    recoveryKek: Buffer.from(first.recoveryKek).toString('base64'),
  })
  const broken = join(dir, 'broken.json')
  writeFileSync(broken, 'not json')
  expect(() => devAuthSecrets(broken)).toThrow(`${broken} is not a keys file (JSON with kek and recoveryKek)`)
})

test('a sealed share opens only with its key and its context, and not once altered', () => {
  const { kek } = generateAuthSecrets()
  const share = new Uint8Array(33).fill(5)
  const box = seal(kek, share, 'latch:auth-share:a')
  expect(box.length).toBe(12 + 33 + 16)
  expect(seal(kek, share, 'latch:auth-share:a')).not.toEqual(box) // a fresh IV each time
  expect(unseal(kek, box, 'latch:auth-share:a')).toEqual(share)
  expect(() => unseal(kek, box, 'latch:auth-share:b')).toThrow()
  expect(() => unseal(generateAuthSecrets().kek, box, 'latch:auth-share:a')).toThrow()
  const altered = new Uint8Array(box)
  altered[20] = (altered[20] ?? 0) ^ 1
  expect(() => unseal(kek, altered, 'latch:auth-share:a')).toThrow()
  expect(() => unseal(kek, box.slice(0, 20), 'latch:auth-share:a')).toThrow('sealed box is too short')
})

test('a code is kept as an HMAC bound to its challenge, under a key derived from the KEK', () => {
  const secrets = generateAuthSecrets()
  const key = codeKey(secrets)
  expect(codeKey(secrets)).toEqual(key)
  expect(key).not.toEqual(secrets.kek)
  const stored = codeHmac(key, 'challenge-1', '123456')
  expect(stored).toMatch(/^[0-9a-f]{64}$/)
  expect(stored).not.toContain('123456')
  expect(codeMatches(key, 'challenge-1', '123456', stored)).toBe(true)
  expect(codeMatches(key, 'challenge-1', '123457', stored)).toBe(false)
  expect(codeMatches(key, 'challenge-2', '123456', stored)).toBe(false)
  expect(codeMatches(codeKey(generateAuthSecrets()), 'challenge-1', '123456', stored)).toBe(false)
  expect(codeMatches(key, 'challenge-1', '123456', '')).toBe(false)
})
