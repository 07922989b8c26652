// How the history route describes each kind of transaction to an account, over rows written straight into the
// history tables (no chain): mint, burn, approve, deploy, self transfers, NFTs (spam-listed or not), unlisted
// tokens, and transfers between other parties left out.
import { testTokenAddresses } from '@latch/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/support/app.ts'
import { createApp } from '../app.ts'
import { devnetBlockchainConfig } from '../chains/defaults.ts'
import type { IndexedBlock, TransactionRow, TransferRow } from '../storage/history.ts'

const ZERO = '0x0000000000000000000000000000000000000000'
const alice = `0x${'a1'.repeat(20)}`
const bob = `0x${'b2'.repeat(20)}`
const carol = `0x${'c3'.repeat(20)}`
const spamNft = `0x${'5a'.repeat(20)}`
const artNft = `0x${'a7'.repeat(20)}`
const unlisted = `0x${'f0'.repeat(20)}`
const lusd = testTokenAddresses.LUSD.toLowerCase()
const ltk = testTokenAddresses.LTK.toLowerCase()

interface Example {
  transaction: Pick<TransactionRow, 'from' | 'to' | 'operationType'> & Partial<TransactionRow>
  transfers?: Omit<TransferRow, 'chainId' | 'hash' | 'blockNumber'>[]
}

/** Transaction n in block n, a minute apart, hash 0x…n; activity for every address involved. */
function blockOf(n: number, { transaction, transfers = [] }: Example): IndexedBlock {
  const minedAt = new Date(Date.UTC(2026, 10, 1, 12, n))
  const hash = `0x${n.toString(16).padStart(64, '0')}`
  const rows = transfers.map((transfer) => ({ ...transfer, chainId: 31337, hash, blockNumber: n }))
  const involved = new Set([transaction.from, transaction.to, ...rows.flatMap((row) => [row.from, row.to])])
  return {
    number: n,
    hash: `0xb${n}`,
    parentHash: `0xb${n - 1}`,
    minedAt,
    transactions: [
      {
        chainId: 31337,
        hash,
        blockNumber: n,
        txIndex: 0,
        minedAt,
        nonce: n,
        status: 'confirmed',
        ...transaction,
      },
    ],
    transfers: rows,
    activity: [...involved].flatMap((account) =>
      account ? [{ account, chainId: 31337, hash, blockNumber: n, txIndex: 0, minedAt }] : [],
    ),
  }
}

const examples: Record<string, Example> = {
  deploy: { transaction: { from: alice, to: null, operationType: 'deploy' } },
  approve: { transaction: { from: alice, to: lusd, operationType: 'approve' } },
  mint: {
    transaction: { from: bob, to: lusd, operationType: 'execute' },
    transfers: [{ logIndex: 0, kind: 'erc20', token: lusd, from: ZERO, to: alice, amount: '2000000' }],
  },
  burn: {
    transaction: { from: alice, to: ltk, operationType: 'execute' },
    transfers: [
      { logIndex: 0, kind: 'erc20', token: ltk, from: alice, to: ZERO, amount: '500000000000000000' },
    ],
  },
  self: {
    transaction: { from: alice, to: alice, operationType: 'send' },
    transfers: [{ logIndex: -1, kind: 'native', from: alice, to: alice, amount: '1000000000000000' }],
  },
  nfts: {
    transaction: { from: bob, to: carol, operationType: 'execute' },
    transfers: [
      { logIndex: 0, kind: 'erc721', token: spamNft, from: bob, to: alice, tokenId: '7', amount: '1' },
      { logIndex: 1, kind: 'erc721', token: artNft, from: carol, to: alice, tokenId: '8', amount: '1' },
    ],
  },
  unlisted: {
    transaction: { from: bob, to: unlisted, operationType: 'execute' },
    transfers: [{ logIndex: 3, kind: 'erc20', token: unlisted, from: bob, to: alice, amount: '1234' }],
  },
  others: {
    // alice calls a contract that moves tokens between bob and carol: nothing of hers moved.
    transaction: { from: alice, to: carol, operationType: 'execute' },
    transfers: [{ logIndex: 0, kind: 'erc20', token: lusd, from: bob, to: carol, amount: '1' }],
  },
  failed: {
    transaction: { from: alice, to: bob, operationType: 'send', status: 'failed' },
  },
  swapForEth: {
    // alice swaps LTK for ETH: the coin the exchange pays her moves inside the call, so only the LTK shows.
    transaction: { from: alice, to: carol, operationType: 'trade' },
    transfers: [
      { logIndex: 0, kind: 'erc20', token: ltk, from: alice, to: bob, amount: '1000000000000000000' },
    ],
  },
  refund: {
    // Some of what alice paid comes back: the same token both ways is no swap.
    transaction: { from: alice, to: carol, operationType: 'execute' },
    transfers: [
      { logIndex: 0, kind: 'erc20', token: lusd, from: alice, to: carol, amount: '5000000' },
      { logIndex: 1, kind: 'erc20', token: lusd, from: carol, to: alice, amount: '1000000' },
    ],
  },
  swap: {
    // alice pays an exchange (carol) ETH and its pool (bob) pays her LUSD.
    transaction: { from: alice, to: carol, operationType: 'execute' },
    transfers: [
      { logIndex: -1, kind: 'native', from: alice, to: carol, amount: '500000000000000000' },
      { logIndex: 0, kind: 'erc20', token: lusd, from: bob, to: alice, amount: '1490000000' },
    ],
  },
}

let t: TestApp
const blockchain = devnetBlockchainConfig({ rpcA: 'http://127.0.0.1:9', rpcB: 'http://127.0.0.1:9' })
blockchain.chains[0]!.spamContracts = [spamNft.toUpperCase().replace('0X', '0x') as `0x${string}`]

beforeAll(async () => {
  t = await createTestApp({ blockchain, publicUrl: 'https://latch.example' })
  await t.storage.history.writeBlocks(
    31337,
    Object.values(examples).map((example, i) => blockOf(i + 1, example)),
    [
      { chainId: 31337, address: lusd, kind: 'erc20', name: 'Latch USD', symbol: 'LUSD', decimals: 6 },
      { chainId: 31337, address: spamNft, kind: 'erc721', name: 'Spammy', symbol: 'SPAM', decimals: null },
      { chainId: 31337, address: artNft, kind: 'erc721', name: 'Art', symbol: 'ART', decimals: null },
      { chainId: 31337, address: unlisted, kind: 'erc20', name: 'Foo', symbol: 'FOO', decimals: 3 },
    ],
  )
})
afterAll(() => t.close())

/** alice's history, by example name. */
async function aliceHistory() {
  const response = await t.app.inject(`/v1/account/${alice}/history`)
  expect(response.statusCode).toBe(200)
  const body = response.json()
  const names = Object.keys(examples)
  return Object.fromEntries(
    body.data.map((tx: { metadata: { hash: string } }) => [names[Number(BigInt(tx.metadata.hash)) - 1], tx]),
  )
}

/** A priced transfer of a listed token as the route shows it, with the server’s image of `symbol`. */
function listed(
  name: string,
  symbol: string,
  moved: { direction: string; quantity: { numeric: string }; value: number; price: number },
) {
  const icon = { url: `https://latch.example/public/getTokenImage/${symbol}` }
  return { fungible_info: { name, symbol, icon }, ...moved }
}

describe('a transaction as the account sees it', () => {
  it('lists every one, newest first', async () => {
    const body = (await t.app.inject(`/v1/account/${alice.toUpperCase().replace('0X', '0x')}/history`)).json()
    expect(body.next).toBeNull()
    expect(body.data.map((tx: { metadata: { hash: string } }) => Number(BigInt(tx.metadata.hash)))).toEqual([
      12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
    ])
  })

  it('a deploy and an approve are what the call was, with nothing moved', async () => {
    const { deploy, approve } = await aliceHistory()
    expect(deploy.metadata).toMatchObject({ operationType: 'deploy', sentFrom: alice, sentTo: null })
    expect(approve.metadata).toMatchObject({ operationType: 'approve', sentTo: lusd })
    expect([deploy.transfers, approve.transfers]).toEqual([[], []])
  })

  it('a transfer from the zero address is a mint, one to it a burn, priced when the token is', async () => {
    const { mint, burn } = await aliceHistory()
    expect(mint.metadata.operationType).toBe('mint')
    expect(mint.transfers).toEqual([
      listed('Latch USD', 'LUSD', { direction: 'in', quantity: { numeric: '2' }, value: 2, price: 1 }),
    ])
    expect(burn.metadata.operationType).toBe('burn')
    expect(burn.transfers).toEqual([
      expect.objectContaining({ direction: 'out', quantity: { numeric: '0.5' }, value: 0.25, price: 0.5 }),
    ])
  })

  it('a swap (something out, something else in) is a trade, both transfers shown', async () => {
    const { swap, swapForEth, refund } = await aliceHistory()
    expect(swap.metadata.operationType).toBe('trade')
    expect(swapForEth.metadata.operationType).toBe('trade')
    expect(refund.metadata.operationType).toBe('send')
    expect(swap.transfers.map((transfer: { direction: string }) => transfer.direction)).toEqual(['out', 'in'])
  })

  it('a payment to oneself is a send whose transfer goes both ways', async () => {
    const { self } = await aliceHistory()
    expect(self.metadata.operationType).toBe('send')
    expect(self.transfers).toEqual([
      listed('Ether', 'ETH', { direction: 'self', quantity: { numeric: '0.001' }, value: 3, price: 3000 }),
    ])
  })

  it('NFTs carry their collection name and token id; a spam-listed contract is flagged', async () => {
    const { nfts } = await aliceHistory()
    expect(nfts.metadata.operationType).toBe('receive')
    expect(nfts.transfers).toEqual([
      {
        nft_info: { name: 'Spammy #7', content: { preview: null }, flags: { is_spam: true } },
        direction: 'in',
        quantity: { numeric: '1' },
      },
      {
        nft_info: { name: 'Art #8', content: { preview: null }, flags: { is_spam: false } },
        direction: 'in',
        quantity: { numeric: '1' },
      },
    ])
  })

  it('a token the chain does not list reads its metadata, with no icon and no price', async () => {
    const { unlisted: received } = await aliceHistory()
    expect(received.transfers).toEqual([
      {
        fungible_info: { name: 'Foo', symbol: 'FOO', icon: null },
        direction: 'in',
        quantity: { numeric: '1.234' },
      },
    ])
  })

  it('leaves out transfers between other parties, and calls them execute', async () => {
    const { others, failed } = await aliceHistory()
    expect(others.metadata.operationType).toBe('execute')
    expect(others.transfers).toEqual([])
    expect(failed.metadata).toMatchObject({ operationType: 'send', status: 'failed' })
    const carolHistory = (await t.app.inject(`/v1/account/${carol}/history`)).json()
    expect(
      carolHistory.data.map((tx: { metadata: { operationType: string } }) => tx.metadata.operationType),
    ).toEqual(['receive', 'send', 'execute', 'receive', 'send'])
  })

  it('counts usage per project, SDK type and version', async () => {
    const app = await createApp({ storage: t.storage, blockchain })
    await app.inject(`/v1/account/${alice}/history?projectId=history-usage&st=latch&sv=5`)
    await app.inject(`/v1/account/${alice}/history?projectId=history-usage&st=latch&sv=5&cursor=bad`)
    await app.close()
    expect(await t.storage.listUsage('history-usage')).toMatchObject([
      { projectId: 'history-usage', sdkType: 'latch', sdkVersion: '5', requests: 2 },
    ])
  })
})

it('is in the OpenAPI document with its query and answers', async () => {
  const { paths } = (await t.app.inject('/docs/json')).json()
  const route = paths['/v1/account/{account}/history'].get
  expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['200', '400', '502']))
  expect(route.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
    expect.arrayContaining(['account', 'cursor', 'chainId', 'onramp', 'projectId', 'st', 'sv']),
  )
  expect(route.description).toMatch(/onramp=<provider>.*purchases/)
})
