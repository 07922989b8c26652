// Random bodies, methods, params, chains and headers against the bundler proxy (with the real bundler behind it) and
// the paymaster: never a server error, always a JSON-RPC answer.
import { type Devnet, startDevnet } from '@latch/devnet'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../test/support/app.ts'
import { bundlerMethods } from '../aa/bundler.ts'
import { paymasterMethods } from '../aa/paymaster.ts'
import { entryPoint07 } from '../aa/userOperation.ts'
import { devnetBlockchainConfig } from '../chains/defaults.ts'
import { defaultProject } from '../defaults.ts'

let devnet: Devnet
let t: TestApp
beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }], tokens: false, bundler: true })
  const [chain] = devnet.chains
  t = await createTestApp({
    blockchain: devnetBlockchainConfig({ rpcA: chain!.rpcUrl, bundlerA: chain!.bundlerUrl! }),
  })
  await t.storage.upsertProject(defaultProject)
}, 60_000)
afterAll(async () => {
  await t?.close()
  await devnet?.stop()
})

const hex = fc.oneof(
  fc.stringMatching(/^0x[0-9a-fA-F]{0,80}$/),
  fc.constantFrom('0x', '0x0', '0x7a69', entryPoint07, `0x${'f'.repeat(64)}`, `0x${'1'.repeat(40)}`),
)
const userOperation = fc.record(
  {
    sender: fc.oneof(hex, fc.string()),
    nonce: hex,
    factory: fc.oneof(hex, fc.constant(null)),
    factoryData: hex,
    callData: hex,
    callGasLimit: hex,
    verificationGasLimit: hex,
    preVerificationGas: hex,
    maxFeePerGas: hex,
    maxPriorityFeePerGas: hex,
    paymasterVerificationGasLimit: hex,
    paymasterPostOpGasLimit: hex,
    signature: hex,
  },
  { requiredKeys: [] },
)
const params = fc.oneof(
  fc.tuple(
    userOperation,
    fc.oneof(hex, fc.constant(entryPoint07)),
    fc.oneof(hex, fc.constant('0x7a69')),
    fc.jsonValue(),
  ),
  fc.array(fc.jsonValue(), { maxLength: 4 }),
  fc.jsonValue(),
)
const method = fc.oneof(
  { arbitrary: fc.constantFrom(...bundlerMethods, ...paymasterMethods), weight: 6 },
  fc.constantFrom(
    ...bundlerMethods,
    ...paymasterMethods,
    'eth_sendRawTransaction',
    'debug_bundler_dumpMempool',
  ),
  fc.string({ maxLength: 40 }),
)
const request = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.string()),
    id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.jsonValue()),
    method,
    params,
  },
  { requiredKeys: ['jsonrpc', 'method'] },
)
const body = fc.oneof(
  { arbitrary: request.map((value) => JSON.stringify(value)), weight: 6 },
  {
    arbitrary: fc.array(request, { minLength: 0, maxLength: 25 }).map((value) => JSON.stringify(value)),
    weight: 2,
  },
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  fc.string({ unit: 'binary' }),
)

const isAnswer = (value: unknown) =>
  typeof value === 'object' && value !== null && (value as { jsonrpc?: unknown }).jsonrpc === '2.0'

test('any body to either route → a JSON-RPC answer, never a 5xx', async () => {
  let answered = 0
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('bundler', 'paymaster'),
      // Mostly what reaches the methods; the rest the route's own refusals.
      fc.oneof(
        { arbitrary: fc.constant('31337'), weight: 8 },
        fc.constantFrom('31338', '1'),
        fc.string({ minLength: 1, maxLength: 20 }),
      ),
      fc.oneof(
        { arbitrary: fc.constantFrom('', '?projectId=latch-demo'), weight: 8 },
        fc.constantFrom('?projectId=nobody', '?projectId=strict'),
      ),
      fc.oneof(
        { arbitrary: fc.constant('application/json'), weight: 8 },
        fc.constantFrom('text/plain', 'application/x-www-form-urlencoded'),
      ),
      fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 8 },
        fc.constantFrom('https://evil.example', 'https://app.example.com', 'null'),
      ),
      body,
      async (route, chainId, query, contentType, origin, payload) => {
        const response = await t.app.inject({
          method: 'POST',
          url: `/v1/${route}/${encodeURIComponent(chainId)}${query}`,
          headers: { 'content-type': contentType, ...(origin ? { origin } : {}) },
          payload,
        })
        expect(response.statusCode).toBeLessThan(500)
        if (response.statusCode === 200) answered++
        const answer = response.json()
        if (Array.isArray(answer)) for (const entry of answer) expect(isAnswer(entry)).toBe(true)
        else expect(isAnswer(answer)).toBe(true)
      },
    ),
    { numRuns: 300 },
  )
  // Most runs get past the route's own refusals to the methods (and the bundler behind them).
  expect(answered).toBeGreaterThan(150)
}, 120_000)
