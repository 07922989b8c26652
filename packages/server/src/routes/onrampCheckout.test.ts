// The sandbox on-ramp's checkout paid with a test card on a real devnet: the purchase is delivered on the chain by
// the account the devnet funds for it, and history?onramp=sandbox follows the order to completed.
import { anvilAddresses, anvilPrivateKeys, testTokenAddresses } from '@latch/devnet'
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type BlockchainTestApp, createBlockchainTestApp } from '../../test/support/blockchainApp.ts'
import { devnetBlockchainConfig, devnetOnrampPayerKey } from '../chains/defaults.ts'
import { sandboxOnramp } from '../onramp/sandbox.ts'
import type { NewOnrampOrder, OnrampOrderStore } from '../storage/onramp.ts'

let t: BlockchainTestApp
beforeAll(async () => {
  t = await createBlockchainTestApp()
}, 60_000)
afterAll(() => t?.close())

// Account 6 buys here; no other test file of this devnet uses it.
const buyer = anvilAddresses[6]
const chain = (rpcUrl: string) => createPublicClient({ transport: http(rpcUrl) })

async function checkout(body: object): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/generators/onrampurl?projectId=open',
    payload: { destinationWallets: [{ address: buyer }], partnerUserId: buyer, ...body },
  })
  expect(response.statusCode, response.body).toBe(200)
  return new URL(response.json().url).pathname
}
const pay = (path: string, number = '4242 4242 4242 4242') =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number, expiry: '12/40', cvc: '123' }).toString(),
  })
const purchases = async () =>
  (await t.app.inject(`/v1/account/${buyer}/history?onramp=sandbox`)).json().data as {
    id: string
    metadata: { status: string; hash: string; chain: string }
    transfers: { quantity: { numeric: string } }[]
  }[]
const purchaseOf = async (path: string) =>
  (await purchases()).find((entry) => entry.id === `onramp:sandbox:${path.split('/').at(-1)}`)

test('100 USD of ETH on Devnet A: pending, then delivered on the chain for the quoted amount', async () => {
  const before = await chain(t.rpcA).getBalance({ address: buyer })
  const path = await checkout({ presetFiatAmount: 100, defaultNetwork: '31337', defaultAsset: 'ETH' })
  const paid = await pay(path)
  expect(paid.statusCode).toBe(303)
  // Paid: pending until the delivery is mined (the page refreshes itself meanwhile).
  expect((await purchaseOf(path))?.metadata.status).toMatch(/^(pending|completed)$/)
  await vi.waitFor(async () => expect((await purchaseOf(path))?.metadata.status).toBe('completed'), {
    timeout: 15_000,
    interval: 100,
  })
  const purchase = (await purchaseOf(path))!
  expect(purchase.transfers[0]!.quantity.numeric).toBe('0.03283333')
  expect(purchase.metadata).toMatchObject({
    chain: 'eip155:31337',
    hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
  })
  expect((await chain(t.rpcA).getBalance({ address: buyer })) - before).toBe(parseEther('0.03283333'))
  const receipt = await chain(t.rpcA).getTransactionReceipt({ hash: purchase.metadata.hash as `0x${string}` })
  expect(receipt.to?.toLowerCase()).toBe(buyer.toLowerCase())
  const page = await t.app.inject(path)
  expect(page.body).toContain('Purchase complete')
  expect(page.body).toContain(purchase.metadata.hash)
})

test('250 USD of LUSD on Devnet B, paid twice at once: delivered once', async () => {
  const lusd = () =>
    chain(t.rpcB).readContract({
      address: testTokenAddresses.LUSD,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [buyer],
    })
  const before = await lusd()
  const path = await checkout({
    presetFiatAmount: 250,
    defaultNetwork: 'Latch Devnet B',
    defaultAsset: 'LUSD',
  })
  const answers = await Promise.all([pay(path), pay(path), pay(path)])
  expect(answers.map((answer) => answer.statusCode)).toEqual([303, 303, 303])
  await vi.waitFor(async () => expect((await purchaseOf(path))?.metadata.status).toBe('completed'), {
    timeout: 15_000,
    interval: 100,
  })
  await t.app.inject(path)
  expect((await lusd()) - before).toBe(parseUnits('247', 6))
})

test('the purchases come newest first, the declined one failed and nothing delivered for it', async () => {
  const before = await chain(t.rpcA).getBalance({ address: buyer })
  const path = await checkout({ presetFiatAmount: 50 })
  expect((await pay(path, '4000000000000002')).statusCode).toBe(303)
  const [newest] = await purchases()
  expect(newest).toMatchObject({
    id: `onramp:sandbox:${path.split('/').at(-1)}`,
    metadata: { status: 'failed' },
  })
  expect(await chain(t.rpcA).getBalance({ address: buyer })).toBe(before)
  expect((await purchases()).map((entry) => entry.metadata.status)).toEqual([
    'failed',
    'completed',
    'completed',
  ])
})

describe('the sandbox’s deliveries', () => {
  const chains = () => devnetBlockchainConfig({ rpcA: t.rpcA, rpcB: t.rpcB })
  const order = (id: string): NewOnrampOrder => ({
    id,
    partnerUserId: buyer.toLowerCase(),
    destination: buyer,
    chainId: 31337,
    asset: 'ETH',
    purchaseAmount: '0.001',
    currency: 'USD',
    paymentTotal: '10.00',
    fee: '0.10',
    networkFee: '0.50',
    createdAt: new Date(),
  })
  const paid = async (id: string, at: Date) => {
    await t.storage.onramp.create(order(id))
    await t.storage.onramp.move(id, 'created', 'pending', at)
  }

  test('one whose bookkeeping throws even on failing does not stop the next ones', async () => {
    const errors: string[] = []
    // Once wedge-a is paid, every read and write of it throws: its delivery cannot even record its failure.
    let paidA = false
    const broken = (id: string) => id === 'wedge-a' && paidA
    const orders: OnrampOrderStore = {
      ...t.storage.onramp,
      get: (id) => (broken(id) ? Promise.reject(new Error('database gone')) : t.storage.onramp.get(id)),
      move: async (id, ...rest) => {
        if (broken(id)) throw new Error('database gone')
        const moved = await t.storage.onramp.move(id, ...rest)
        if (id === 'wedge-a' && rest[1] === 'pending') paidA = true
        return moved
      },
    }
    const { chains: list, prices } = chains()
    const sandbox = sandboxOnramp({
      chains: list,
      prices,
      orders,
      payerKey: devnetOnrampPayerKey,
      checkoutUrl: (id) => `http://x/${id}`,
      onDeliveryError: (error, failed) => errors.push(`${failed.id}: ${(error as Error).message}`),
    })
    const card = { number: '4242424242424242', expiry: '12/40', cvc: '123' }
    for (const id of ['wedge-a', 'wedge-b']) {
      await t.storage.onramp.create(order(id))
      expect(await sandbox.pay(id, card)).toEqual({ outcome: 'paid' })
    }
    await sandbox.idle()
    expect(errors).toEqual(['wedge-a: database gone', 'wedge-a: database gone'])
    expect((await t.storage.onramp.get('wedge-b'))?.status).toBe('completed')
    // wedge-a stays pending, as its delivery could not say otherwise (a sweep fails it later): out of the next test's way.
    await t.storage.onramp.move('wedge-a', 'pending', 'failed', new Date())
  })

  test('a sent delivery the wait missed is settled by the sweep from its receipt; an unsent one left by a stopped server fails', async () => {
    const { chains: list, prices } = chains()
    let clock = Date.now()
    const sandbox = sandboxOnramp({
      chains: list,
      prices,
      orders: t.storage.onramp,
      payerKey: devnetOnrampPayerKey,
      checkoutUrl: (id) => `http://x/${id}`,
      now: () => new Date(clock),
    })
    // Sent outside the sandbox (as if its wait for the receipt had timed out), its hash recorded.
    const wallet = createWalletClient({
      account: privateKeyToAccount(anvilPrivateKeys[6]),
      transport: http(t.rpcA),
    })
    const hash = await wallet.sendTransaction({ chain: null, to: buyer, value: 1n })
    await chain(t.rpcA).waitForTransactionReceipt({ hash })
    await paid('swept-sent', new Date(clock))
    await t.storage.onramp.move('swept-sent', 'pending', 'pending', new Date(clock), { txHash: hash })
    await paid('swept-unsent', new Date(clock))
    clock += 61_000
    expect(await sandbox.sweep()).toBe(1)
    expect((await t.storage.onramp.get('swept-sent'))?.status).toBe('completed')
    expect((await t.storage.onramp.get('swept-unsent'))?.status).toBe('pending')
    clock += 5 * 60_000
    expect(await sandbox.sweep()).toBe(1)
    expect(await t.storage.onramp.get('swept-unsent')).toMatchObject({
      status: 'failed',
      failure: 'The delivery was interrupted',
    })
  })
})
