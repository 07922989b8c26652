// The sandbox on-ramp's checkout paid with a test card on a real devnet: the purchase is delivered on the chain by
// the account the devnet funds for it, and history?onramp=sandbox follows the order to completed.
import { anvilAddresses, testTokenAddresses } from '@latch/devnet'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { type BlockchainTestApp, createBlockchainTestApp } from '../../test/support/blockchainApp.ts'

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
