import { anvilAddresses, anvilPrivateKeys, type Devnet, startDevnet, testTokenAddresses } from '@latch/devnet'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/support/app.ts'
import { memoryStorage } from '../../test/support/memoryStorage.ts'
import { devnetBlockchainConfig } from '../chains/defaults.ts'
import type { ChainConfig } from '../chains/types.ts'
import { createIndexer, type Indexer } from '../jobs/indexer.ts'
import type { Storage } from '../storage/types.ts'
import { decodeCursor, encodeCursor, toNumeric } from './historyEntries.ts'

let devnet: Devnet
let t: TestApp
let chain: ChainConfig
let indexer: Indexer
let publicClient: PublicClient

const lower = (address: string) => address.toLowerCase()

function wallet(index: number) {
  return createWalletClient({
    account: privateKeyToAccount(anvilPrivateKeys[index]!),
    chain: defineChain({
      id: 31337,
      name: 'Latch Devnet A',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
    transport: http(),
  })
}

/** Waits for the transaction and for `on` to have indexed its block. */
async function mined(hash: `0x${string}`, on: Indexer = indexer) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  await on.waitFor(Number(receipt.blockNumber), 15_000)
  return receipt
}

const history = async (account: string, query = '') => {
  const response = await t.app.inject(`/v1/account/${account}/history${query}`)
  return { status: response.statusCode, body: response.json() }
}

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }] })
  const blockchain = devnetBlockchainConfig({ rpcA: devnet.chains[0]!.rpcUrl, rpcB: 'http://127.0.0.1:9' })
  chain = blockchain.chains[0]!
  t = await createTestApp({ blockchain })
  publicClient = createPublicClient({ transport: http(chain.rpcUrl) })
  indexer = createIndexer({ chain, storage: t.storage, pollIntervalMs: 50 })
  indexer.start()
}, 60_000)

afterAll(async () => {
  await indexer?.stop()
  await t?.close()
  await devnet?.stop()
})

describe('GET /v1/account/{account}/history', () => {
  it('lists a native and an ERC-20 transfer for the sender and the receiver, newest first', async () => {
    const [sender, receiver] = [anvilAddresses[1], anvilAddresses[2]]
    const native = await wallet(1).sendTransaction({ to: receiver, value: parseEther('0.25') })
    await mined(native)
    const token = await wallet(1).writeContract({
      address: testTokenAddresses.LUSD,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [receiver, parseUnits('1.5', 6)],
    })
    await mined(token)

    const received = await history(receiver, '?chainId=eip155:31337')
    expect(received.status).toBe(200)
    const [lusd, eth] = received.body.data
    expect(lusd.metadata).toMatchObject({
      operationType: 'receive',
      hash: token,
      sentFrom: lower(sender),
      sentTo: lower(testTokenAddresses.LUSD),
      status: 'confirmed',
      chain: 'eip155:31337',
    })
    expect(lusd.id).toBe(`eip155:31337:${token}`)
    expect(lusd.transfers).toEqual([
      {
        fungible_info: {
          name: 'Latch USD',
          symbol: 'LUSD',
          icon: { url: expect.stringMatching(/\/public\/getTokenImage\/LUSD$/) },
        },
        direction: 'in',
        quantity: { numeric: '1.5' },
        value: 1.5,
        price: 1,
      },
    ])
    expect(eth.metadata.operationType).toBe('receive')
    expect(eth.transfers[0]).toMatchObject({
      fungible_info: { symbol: 'ETH' },
      direction: 'in',
      quantity: { numeric: '0.25' },
      value: 750,
    })
    expect(Date.parse(lusd.metadata.minedAt)).toBeGreaterThanOrEqual(Date.parse(eth.metadata.minedAt))

    const sent = await history(sender)
    expect(
      sent.body.data
        .slice(0, 2)
        .map((tx: { metadata: { operationType: string } }) => tx.metadata.operationType),
    ).toEqual(['send', 'send'])
    expect(sent.body.data[0].transfers[0]).toMatchObject({ direction: 'out', quantity: { numeric: '1.5' } })
  })

  it('marks a reverted transaction failed, with nothing moved', async () => {
    const hash = await wallet(3).sendTransaction({
      to: testTokenAddresses.LUSD,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [anvilAddresses[4], parseUnits('1000000000', 6)],
      }),
      gas: 100_000n,
    })
    const receipt = await mined(hash)
    expect(receipt.status).toBe('reverted')
    const { body } = await history(anvilAddresses[3])
    expect(body.data[0].metadata).toMatchObject({ hash, status: 'failed', operationType: 'execute' })
    expect(body.data[0].transfers).toEqual([])
  })

  it('pages with the cursor: every transaction once, newest first, and next null on the last page', async () => {
    const payer = wallet(5)
    const sentHashes: string[] = []
    for (let i = 0; i < 45; i++)
      sentHashes.push(await payer.sendTransaction({ to: anvilAddresses[6], value: 1n }))
    await mined(sentHashes.at(-1) as `0x${string}`)

    const seen: string[] = []
    const times: number[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const { status, body } = await history(anvilAddresses[6], cursor ? `?cursor=${cursor}` : '')
      expect(status).toBe(200)
      for (const tx of body.data) {
        seen.push(tx.metadata.hash)
        times.push(Date.parse(tx.metadata.minedAt))
      }
      cursor = body.next
      pages++
    } while (cursor)
    // The 45 payments, newest first, then the devnet's 3 token mints to the account.
    expect(pages).toBe(3)
    expect(seen).toHaveLength(48)
    expect(new Set(seen).size).toBe(48)
    expect(seen.slice(0, 45)).toEqual(sentHashes.reverse())
    expect([...times].sort((a, b) => b - a)).toEqual(times)
  })

  it('names the problem with a bad address, chainId or cursor (400)', async () => {
    expect((await history('0x12')).body.field).toBe('account')
    const chainId = await history(anvilAddresses[1], '?chainId=eip155:999')
    expect(chainId.status).toBe(400)
    expect(chainId.body).toEqual({
      error:
        'chainId must be one of the supported chains: eip155:31337, eip155:31338, solana:B3a6eJyjz4Nhac9rNdEn8s1tXP2C949m',
      field: 'chainId',
    })
    expect((await history(anvilAddresses[1], '?cursor=nonsense')).body).toEqual({
      error: 'Invalid cursor',
      field: 'cursor',
    })
  })

  it('answers an empty page for an account with no transactions, and the other chain’s filter', async () => {
    expect((await history('0x000000000000000000000000000000000000dEaD')).body).toEqual({
      data: [],
      next: null,
    })
    expect((await history(anvilAddresses[1], '?chainId=eip155:31338')).body).toEqual({ data: [], next: null })
  })
})

describe('the indexer', () => {
  /** Every (account, transaction) and transfer an indexer recorded, per account. */
  async function recorded(storage: Storage) {
    const out: Record<string, string[]> = {}
    for (const account of anvilAddresses) {
      const entries = await storage.history.page({ account: lower(account), limit: 10_000 })
      out[account] = entries.flatMap((entry) => [
        entry.transaction.hash,
        ...entry.transfers.map((transfer) => `${transfer.hash}/${transfer.logIndex}`),
      ])
    }
    return out
  }

  it('restarted mid-run neither loses nor duplicates transactions or transfers', async () => {
    const head = Number(await publicClient.getBlockNumber({ cacheTime: 0 }))
    const storage = await memoryStorage()
    try {
      for (const stopAt of [Math.floor(head / 3), Math.floor((2 * head) / 3)]) {
        const partial = createIndexer({ chain, storage, batchBlocks: 3, pollIntervalMs: 50 })
        partial.start()
        await partial.waitFor(stopAt)
        await partial.stop()
        expect(partial.state().lastBlock).toBeLessThan(head)
      }
      const resumed = createIndexer({ chain, storage, pollIntervalMs: 50 })
      resumed.start()
      await resumed.waitFor(head)
      await resumed.stop()
      const reference = await recorded(t.storage)
      const restarted = await recorded(storage)
      for (const account of anvilAddresses) {
        const list = restarted[account]!
        expect(new Set(list).size, `no duplicate for ${account}`).toBe(list.length)
        // The reference indexer may have gone past `head` since; compare what both have.
        expect(list, account).toEqual(reference[account]!.slice(reference[account]!.length - list.length))
      }
    } finally {
      await storage.close()
    }
  })

  it('forgets a chain that was replaced from scratch (a restarted devnet) and indexes the new one', async () => {
    const storage = await memoryStorage()
    const fresh = await startDevnet({ chains: [{ chainId: 31337, port: 0 }] })
    try {
      const first = createIndexer({ chain, storage, pollIntervalMs: 50 })
      first.start()
      await first.waitFor(Number(await publicClient.getBlockNumber({ cacheTime: 0 })))
      await first.stop()
      const before = await storage.history.page({ account: lower(anvilAddresses[6]), limit: 1000 })
      expect(before.length).toBeGreaterThan(45)

      const freshChain = { ...chain, rpcUrl: fresh.chains[0]!.rpcUrl }
      const freshHead = Number(
        await createPublicClient({ transport: http(freshChain.rpcUrl) }).getBlockNumber({ cacheTime: 0 }),
      )
      const second = createIndexer({ chain: freshChain, storage, pollIntervalMs: 50 })
      second.start()
      await expect
        .poll(async () => (await storage.history.lastBlock(31337))?.number, { timeout: 15_000 })
        .toBe(freshHead)
      await second.stop()
      expect(second.state().failure).toBeUndefined()
      // The new chain holds only the token deploys and mints: account 6's payments are gone.
      const after = await storage.history.page({ account: lower(anvilAddresses[6]), limit: 1000 })
      expect(after).toHaveLength(3)
    } finally {
      await storage.close()
      await fresh.stop()
    }
  })

  it('unwinds a reorg: orphaned transactions leave the history and the new chain’s come in', async () => {
    const watcher = anvilAddresses[7]
    const snapshot = (await publicClient.request({ method: 'evm_snapshot' as never })) as string
    const orphan = await wallet(8).sendTransaction({ to: watcher, value: 7n })
    await mined(orphan)
    expect(
      (await history(watcher)).body.data.map((tx: { metadata: { hash: string } }) => tx.metadata.hash),
    ).toContain(orphan)

    await publicClient.request({ method: 'evm_revert' as never, params: [snapshot] as never })
    // The new chain: a different transaction at that height, and one more block, so it is longer.
    const replacement = await wallet(9).sendTransaction({ to: watcher, value: 9n })
    const extra = await wallet(9).sendTransaction({ to: anvilAddresses[0], value: 1n })
    await publicClient.waitForTransactionReceipt({ hash: extra })
    await expect
      .poll(
        async () =>
          (await history(watcher)).body.data.map((tx: { metadata: { hash: string } }) => tx.metadata.hash),
        {
          timeout: 15_000,
        },
      )
      .toContain(replacement)
    const hashes = (await history(watcher)).body.data.map(
      (tx: { metadata: { hash: string } }) => tx.metadata.hash,
    )
    expect(hashes).not.toContain(orphan)
    expect(indexer.state().failure).toBeUndefined()
  })
})

describe('history helpers', () => {
  it('writes base units as exact whole-unit decimals', () => {
    expect(toNumeric('1500000', 6)).toBe('1.5')
    expect(toNumeric('1', 18)).toBe('0.000000000000000001')
    expect(toNumeric('25000000000000000000', 18)).toBe('25')
    expect(toNumeric('7', 0)).toBe('7')
  })

  it('round-trips cursors and refuses malformed ones', () => {
    const cursor = { minedAt: new Date('2026-11-22T10:00:00Z'), chainId: 31337, blockNumber: 12, txIndex: 0 }
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor)
    for (const bad of [
      '',
      'x',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["no",1,2,3]').toString('base64url'),
    ])
      expect(decodeCursor(bad), bad).toBeUndefined()
  })
})
