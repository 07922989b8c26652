import { anvilAddresses, solanaTestAddresses } from '@latch/devnet'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type BlockchainTestApp, createBlockchainTestApp } from '../../test/support/blockchainApp.ts'

let t: BlockchainTestApp
beforeAll(async () => {
  t = await createBlockchainTestApp()
}, 60_000)
afterAll(() => t?.close())

const knownFields = ['currency', 'chainId', 'forceUpdate', 'projectId', 'st', 'sv']

// Values near what the schema accepts and plain garbage.
const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    'usd',
    'USD',
    'eur',
    '',
    'true',
    'false',
    'TRUE',
    '1',
    'eip155:31337',
    'eip155:31338',
    'eip155:1',
    'eip155:31337,eip155:31338',
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  ),
)
const field = fc.oneof(fc.constantFrom(...knownFields), fc.string({ minLength: 1, maxLength: 8 }))
const query = fc.array(fc.tuple(field, value), { maxLength: 5 })
const address = fc.oneof(
  fc.constantFrom(anvilAddresses[0], anvilAddresses[1].slice(2), anvilAddresses[2].toUpperCase(), '0x00'),
  // '.' and '..' are path segments the URL resolves away, not addresses.
  fc.string({ minLength: 1, maxLength: 50 }).filter((text) => text !== '.' && text !== '..'),
  fc.stringMatching(/^(0x)?[0-9a-fA-F]{38,42}$/),
  // Solana: a test account, and base58 of the lengths the route accepts (most are no 32-byte key).
  fc.constant(solanaTestAddresses[0]!),
  fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{30,46}$/),
)

test('any address and query → 200 with balances, or 400 naming a known field; never a server error', async () => {
  await fc.assert(
    fc.asyncProperty(address, query, async (account, pairs) => {
      const search = new URLSearchParams(pairs).toString()
      const response = await t.app.inject(`/v1/account/${encodeURIComponent(account)}/balance?${search}`)
      const body = response.json()
      if (response.statusCode === 200) {
        for (const balance of body.balances) {
          expect(Number(balance.quantity.numeric)).toBeGreaterThan(0)
          expect(balance.value).toBeCloseTo(Number(balance.quantity.numeric) * balance.price, 6)
        }
        return
      }
      expect(response.statusCode).toBe(400)
      expect([...knownFields, 'address']).toContain(body.field)
      expect(body.error).toContain(body.field)
    }),
    { numRuns: 200 },
  )
})
