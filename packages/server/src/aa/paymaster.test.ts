// The paymaster's policy, through the route: what it refuses, in which words, and that a refusal records nothing. No
// chain is needed to sign (the real contract accepting the signatures is routes/userOperations.test.ts's).
import { type AnvilInstance, startAnvil } from '@latch/devnet'
import { createTestClient, type Hex, http, recoverMessageAddress, slice, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startCountingRpc } from '../../test/support/countingRpc.ts'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import { createTestDatabase } from '../../test/support/postgres.ts'
import { createApp, type LatchApp } from '../app.ts'
import { devnetBlockchainConfig, devnetPaymasterAddress } from '../chains/defaults.ts'
import type { BlockchainConfig, SponsorshipPolicy } from '../chains/types.ts'
import { openStorage } from '../storage/openStorage.ts'
import type { Storage } from '../storage/types.ts'
import { createPaymaster } from './paymaster.ts'
import { entryPoint07, paymasterHash } from './userOperation.ts'

const signerKey = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const sender = '0x1111111111111111111111111111111111111111'

/** An estimated operation whose gas sums to 350,001 and costs at most 350,001 gwei. */
const operation = {
  sender,
  nonce: '0x0',
  callData: '0xdeadbeef',
  callGasLimit: toHex(100_000),
  verificationGasLimit: toHex(100_000),
  preVerificationGas: toHex(50_000),
  maxFeePerGas: toHex(10n ** 9n),
  maxPriorityFeePerGas: toHex(10n ** 9n),
  paymasterVerificationGasLimit: toHex(100_000),
  paymasterPostOpGasLimit: toHex(1),
}
const cost = 350_001n * 10n ** 9n

const policies: Record<string, SponsorshipPolicy> = {
  shop: {
    chains: [31337],
    origins: ['https://shop.example'],
    maxGasPerOperation: 400_000n,
    accountDailyCap: 2n * cost,
    dailyCap: 3n * cost,
    validForSeconds: 120,
  },
  loose: {
    chains: [31337],
    origins: ['*'],
    maxGasPerOperation: 10n ** 6n,
    accountDailyCap: 100n * cost,
    dailyCap: 100n * cost,
    validForSeconds: 600,
  },
  scripts: {
    chains: [31337],
    origins: ['*'],
    maxGasPerOperation: 300_000n,
    accountDailyCap: 100n * cost,
    dailyCap: 100n * cost,
    validForSeconds: 600,
  },
}
const projects = [
  {
    id: 'shop',
    name: 'Shop',
    allowedOrigins: ['https://shop.example', 'https://admin.shop.example'],
    analyticsEnabled: true,
  },
  { id: 'scripts', name: 'Scripts', allowedOrigins: [], analyticsEnabled: true },
  { id: 'loose', name: 'Loose', allowedOrigins: [], analyticsEnabled: true },
  { id: 'plain', name: 'Plain', allowedOrigins: ['*'], analyticsEnabled: true },
]

// The fee check reads the chain's gas price: a bare chain is enough.
let chain: AnvilInstance
beforeAll(async () => {
  chain = await startAnvil({ chainId: 31337, port: 0 })
})
afterAll(() => chain?.stop())

function blockchain(): BlockchainConfig {
  return { ...devnetBlockchainConfig({ rpcA: chain.rpcUrl }), sponsorship: { signerKey, policies } }
}

async function appOn(storage: Storage): Promise<LatchApp> {
  for (const project of projects) await storage.upsertProject(project)
  return createApp({ storage, logger: false, rateLimits: false, blockchain: blockchain() })
}

const call = (
  app: LatchApp,
  projectId: string,
  method: string,
  params: unknown[],
  origin?: string,
  chainId = 31337,
) =>
  app.inject({
    method: 'POST',
    url: `/v1/paymaster/${chainId}?projectId=${projectId}`,
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    payload: { jsonrpc: '2.0', id: 1, method, params },
  })

describe('pm_getPaymasterStubData / pm_getPaymasterData', () => {
  let storage: Storage
  let app: LatchApp
  beforeAll(async () => {
    storage = await memoryStorage()
    app = await appOn(storage)
  })
  afterAll(async () => {
    await app.close()
    await storage.close()
  })
  const shop = 'https://shop.example'

  test('the stub: the paymaster, its gas limits, a signature that is not the signer’s; nothing recorded', async () => {
    const response = await call(
      app,
      'shop',
      'pm_getPaymasterStubData',
      [{ sender, nonce: '0x1', callData: '0x' }, entryPoint07, '0x7a69', {}],
      shop,
    )
    const { result } = response.json()
    expect(result).toMatchObject({
      paymaster: devnetPaymasterAddress,
      paymasterVerificationGasLimit: '0x186a0',
      paymasterPostOpGasLimit: '0x1',
      sponsor: { name: 'Shop' },
      isFinal: false,
    })
    expect(result.paymasterData).toMatch(/^0x[0-9a-f]{258}$/)
    expect((await storage.sponsorships.spent('shop', sender, new Date())).project).toBe(0n)
  })

  test('the data: the signer’s signature over the VerifyingPaymaster’s hash, valid for the policy’s time', async () => {
    const before = Math.floor(Date.now() / 1000)
    const response = await call(
      app,
      'shop',
      'pm_getPaymasterData',
      [operation, entryPoint07, '0x7a69', {}],
      shop,
    )
    const { result } = response.json()
    expect(result.paymaster).toBe(devnetPaymasterAddress)
    const data = result.paymasterData as Hex
    const validUntil = Number(BigInt(slice(data, 0, 32)))
    const validAfter = Number(BigInt(slice(data, 32, 64)))
    expect(validUntil - before).toBeGreaterThanOrEqual(119)
    expect(validUntil - before).toBeLessThanOrEqual(121)
    expect(validAfter).toBe(0)
    const hash = paymasterHash({
      userOperation: {
        sender,
        nonce: 0n,
        callData: '0xdeadbeef',
        callGasLimit: 100_000n,
        verificationGasLimit: 100_000n,
        preVerificationGas: 50_000n,
        maxFeePerGas: 10n ** 9n,
        maxPriorityFeePerGas: 10n ** 9n,
        paymasterVerificationGasLimit: 100_000n,
        paymasterPostOpGasLimit: 1n,
      },
      chainId: 31337,
      paymaster: devnetPaymasterAddress,
      validUntil,
      validAfter,
    })
    const signer = await recoverMessageAddress({ message: { raw: hash }, signature: slice(data, 64) })
    expect(signer).toBe(privateKeyToAccount(signerKey).address)
    expect(await storage.sponsorships.spent('shop', sender, new Date())).toEqual({
      account: cost,
      project: cost,
      accountOperations: 1,
      projectOperations: 1,
    })
  })

  test.each([
    ['a project without a policy', 'plain', shop, 31337, 'Project not sponsored'],
    ['a chain the policy does not name', 'shop', shop, 31338, 'Chain not sponsored'],
    [
      'an origin of the project the policy does not name',
      'shop',
      'https://admin.shop.example',
      31337,
      'Origin not sponsored',
    ],
    [
      'no Origin, and no * in the policy',
      'shop',
      undefined,
      31337,
      'Requests without an Origin are not sponsored',
    ],
  ])('%s → "%s"', async (_case, projectId, origin, chainId, reason) => {
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
      const response = await call(
        app,
        projectId,
        method,
        [operation, entryPoint07, toHex(chainId), {}],
        origin,
        chainId,
      )
      expect(response.statusCode).toBe(200)
      expect(response.json().error).toEqual({ code: -32000, message: reason })
    }
  })

  test('gas over the policy’s limit → refused with both figures, nothing recorded', async () => {
    const response = await call(app, 'scripts', 'pm_getPaymasterData', [
      operation,
      entryPoint07,
      '0x7a69',
      {},
    ])
    expect(response.json().error.message).toBe('Operation gas over the sponsored limit (350001 > 300000)')
    expect((await storage.sponsorships.spent('scripts', sender, new Date())).projectOperations).toBe(0)
  })

  test('another EntryPoint, another chain id, a missing gas limit → errors naming them', async () => {
    const v08 = await call(app, 'scripts', 'pm_getPaymasterData', [
      operation,
      '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
      '0x7a69',
      {},
    ])
    expect(v08.json().error.message).toBe(
      `EntryPoint not supported: only v0.7 (${entryPoint07}) is sponsored`,
    )
    const chain = await call(app, 'scripts', 'pm_getPaymasterData', [operation, entryPoint07, '0x1', {}])
    expect(chain.json().error).toEqual({
      code: -32602,
      message: "Invalid params: chainId 0x1 is not this URL's chain",
    })
    const { callGasLimit: _, ...partial } = operation
    const missing = await call(app, 'scripts', 'pm_getPaymasterData', [partial, entryPoint07, '0x7a69', {}])
    expect(missing.json().error).toEqual({
      code: -32602,
      message: 'Invalid params: params[0].callGasLimit is required',
    })
    const bad = await call(app, 'scripts', 'pm_getPaymasterData', [
      { ...operation, sender: '0x12' },
      entryPoint07,
      '0x7a69',
      {},
    ])
    expect(bad.json().error.message).toBe(
      'Invalid params: params[0].sender must be an address (0x and 40 hex digits)',
    )
    const unknown = await call(app, 'scripts', 'pm_sponsorUserOperation', [operation, entryPoint07])
    expect(unknown.json().error.code).toBe(-32601)
  })

  test('a max fee far over the network’s → refused before anything is signed or recorded', async () => {
    const greedy = { ...operation, maxFeePerGas: toHex(10n ** 15n) }
    const response = await call(app, 'loose', 'pm_getPaymasterData', [greedy, entryPoint07, '0x7a69', {}])
    expect(response.json().error.message).toMatch(
      /^Max fee per gas over the sponsored limit \(1000000000000000 > 10 × the network's \d+\)$/,
    )
    expect((await storage.sponsorships.spent('loose', sender, new Date())).projectOperations).toBe(0)
  })

  test('a sender in any casing (a broken checksum too) is signed for as its address', async () => {
    const mixed = { ...operation, sender: '0xAbCdEf0000000000000000000000000000000001' }
    const response = await call(app, 'loose', 'pm_getPaymasterData', [mixed, entryPoint07, '0x7a69', {}])
    expect(response.json().result.paymaster).toBe(devnetPaymasterAddress)
  })

  test('the per-account cap, then the project’s: "Sponsorship limit reached", the stub too', async () => {
    const other = { ...operation, sender: '0x2222222222222222222222222222222222222222' }
    const data = (op: typeof operation) =>
      call(app, 'shop', 'pm_getPaymasterData', [op, entryPoint07, '0x7a69', {}], shop)
    // The first test recorded one for `sender`; the account cap is two.
    expect((await data(operation)).json().result).toBeDefined()
    expect((await data(operation)).json().error).toEqual({
      code: -32000,
      message: 'Sponsorship limit reached',
      data: { cap: 'account' },
    })
    const stub = await call(
      app,
      'shop',
      'pm_getPaymasterStubData',
      [operation, entryPoint07, '0x7a69', {}],
      shop,
    )
    expect(stub.json().error.message).toBe('Sponsorship limit reached')
    // The project's cap is three.
    expect((await data(other)).json().result).toBeDefined()
    expect((await data(other)).json().error.message).toBe('Sponsorship limit reached')
    expect(await storage.sponsorships.spent('shop', other.sender, new Date())).toMatchObject({
      account: cost,
      project: 3n * cost,
    })
  })
})

test('the operation counts: past the account’s day, "Sponsorship limit reached" even for operations that cost nothing', async () => {
  const storage = await memoryStorage()
  for (const project of projects) await storage.upsertProject(project)
  const counted = { ...policies.scripts!, maxGasPerOperation: 10n ** 6n, accountDailyOperations: 2 }
  const app = await createApp({
    storage,
    logger: false,
    rateLimits: false,
    blockchain: {
      ...devnetBlockchainConfig({ rpcA: chain.rpcUrl }),
      sponsorship: { signerKey, policies: { scripts: counted } },
    },
  })
  try {
    const free = { ...operation, maxFeePerGas: '0x0', maxPriorityFeePerGas: '0x0' }
    const answers = []
    for (let i = 0; i < 3; i++)
      answers.push(
        (await call(app, 'scripts', 'pm_getPaymasterData', [free, entryPoint07, '0x7a69', {}])).json(),
      )
    expect(answers.map((answer) => answer.error?.message ?? 'sponsored')).toEqual([
      'sponsored',
      'sponsored',
      'Sponsorship limit reached',
    ])
  } finally {
    await app.close()
    await storage.close()
  }
})

test('a stranger with a thousand fresh senders cannot spend a project’s day: one requester’s hour is budgeted, and what never lands is released (issue 41)', async () => {
  const storage = await memoryStorage()
  let clock = new Date()
  const policy = { ...policies.loose!, dailyOperations: 200, requesterHourlyOperations: 20 }
  const paymaster = createPaymaster({
    sponsorship: { signerKey, policies: { loose: policy } },
    storage,
    now: () => clock,
  })
  const devnetA = blockchain().chains.find((each) => each.chainId === 31337)
  const loose = projects.find((project) => project.id === 'loose')
  if (!devnetA || !loose) throw new Error('no devnet A or no loose project')
  const ask = (requester: string, index: number) =>
    paymaster.call({
      method: 'pm_getPaymasterData',
      params: [{ ...operation, sender: toHex(index + 1, { size: 20 }) }, entryPoint07, '0x7a69', {}],
      project: { ...loose, createdAt: clock },
      origin: undefined,
      requester,
      chain: { ...devnetA, paymaster: devnetPaymasterAddress },
    })
  const outcomes = []
  for (let i = 0; i < 1_000; i++)
    outcomes.push(
      await ask('203.0.113.9', i).then(
        () => 'sponsored',
        (error: Error) => error.message,
      ),
    )
  expect(outcomes.filter((outcome) => outcome === 'sponsored')).toHaveLength(20)
  expect(new Set(outcomes.slice(20))).toEqual(new Set(['Sponsorship limit reached']))
  // The project's day is far from spent: a visitor elsewhere is sponsored.
  await expect(ask('192.0.2.7', 5_000)).resolves.toMatchObject({ paymaster: devnetPaymasterAddress })
  expect((await storage.sponsorships.spent('loose', sender, clock)).projectOperations).toBe(21)
  // None of those operations was sent: once their signatures (10 minutes) have run out, they count no more.
  clock = new Date(clock.getTime() + 12 * 60_000)
  await ask('192.0.2.7', 5_001)
  expect((await storage.sponsorships.spent('loose', sender, clock)).projectOperations).toBe(1)
  await storage.close()
}, 60_000)

test('two server instances on one PostgreSQL enforce one cap together', async () => {
  const url = await createTestDatabase()
  const storages = await Promise.all([openStorage({ databaseUrl: url }), openStorage({ databaseUrl: url })])
  const apps = [await appOn(storages[0]), await appOn(storages[1])]
  try {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(
          apps[i % 2]!,
          'shop',
          'pm_getPaymasterData',
          [{ ...operation, sender: `0x${String(i).padStart(40, '0')}` }, entryPoint07, '0x7a69', {}],
          'https://shop.example',
        ),
      ),
    )
    const bodies = answers.map((answer) => answer.json())
    expect(bodies.filter((body) => body.result)).toHaveLength(3)
    expect(bodies.filter((body) => body.error?.message === 'Sponsorship limit reached')).toHaveLength(7)
  } finally {
    for (const app of apps) await app.close()
    for (const storage of storages) await storage.close()
  }
})

// Last in this file: it moves the shared chain's clock 12 minutes on.
test('behind a provider that searches 10 blocks at a time, settling goes on where it stopped until what never landed is released', async () => {
  const storage = await memoryStorage()
  const rpc = await startCountingRpc(chain.rpcUrl, { maxLogBlocks: 10 })
  let clock = new Date()
  const paymaster = createPaymaster({
    sponsorship: { signerKey, policies: { loose: policies.loose! }, logsRange: 10 },
    storage,
    now: () => clock,
  })
  const devnetA = blockchain().chains.find((each) => each.chainId === 31337)
  const loose = projects.find((project) => project.id === 'loose')
  if (!devnetA || !loose) throw new Error('no devnet A or no loose project')
  const ask = (method: string, index: number) =>
    paymaster.call({
      method,
      params: [{ ...operation, sender: toHex(index + 1, { size: 20 }) }, entryPoint07, '0x7a69', {}],
      project: { ...loose, createdAt: clock },
      origin: undefined,
      requester: '203.0.113.10',
      chain: { ...devnetA, rpcUrl: rpc.url, paymaster: devnetPaymasterAddress },
    })
  const searches = () => rpc.methods.filter((method) => method === 'eth_getLogs').length
  /** A stub asked for (it settles first, and reserves nothing): the searches it made. */
  const settleOnce = async () => {
    const before = searches()
    await ask('pm_getPaymasterStubData', 99)
    return searches() - before
  }
  const operations = async () => (await storage.sponsorships.spent('loose', sender, clock)).projectOperations
  try {
    for (let i = 0; i < 3; i++) await ask('pm_getPaymasterData', i)
    expect(await operations()).toBe(3)
    // 250 blocks a second apart (anvil's), none holding the operations: one settling searches 200 of them, 10 at a
    // time (a wider search the provider refuses), and their signatures (10 minutes) have not ended there yet.
    const anvil = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })
    await anvil.mine({ blocks: 250 })
    clock = new Date(clock.getTime() + 20_000)
    expect(await settleOnce()).toBe(20)
    expect(await operations()).toBe(3)
    // Twelve minutes on, on chain and on the server: the next settling goes on from block 200 (6 searches to the
    // newest) and releases them.
    await anvil.increaseTime({ seconds: 12 * 60 })
    await anvil.mine({ blocks: 1 })
    clock = new Date(clock.getTime() + 12 * 60_000)
    expect(await settleOnce()).toBe(6)
    expect(await operations()).toBe(0)
  } finally {
    await rpc.close()
    await storage.close()
  }
}, 60_000)
