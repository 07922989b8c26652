import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  anvilAddresses,
  solanaLocalCaipNetworkId,
  solanaTestAddresses,
  solanaTestToken,
  testTokenAddresses,
} from '@latch/devnet'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type BlockchainTestApp, createBlockchainTestApp } from '../../test/support/blockchainApp.ts'
import { createApp } from '../app.ts'
import { devnetBlockchainConfig } from '../chains/defaults.ts'

let t: BlockchainTestApp
beforeAll(async () => {
  t = await createBlockchainTestApp()
}, 60_000)
afterAll(() => t?.close())

const account0 = anvilAddresses[0]
const A = 'eip155:31337'
const B = 'eip155:31338'

interface Balance {
  name: string
  symbol: string
  chainId: string
  address?: string
  value?: number
  price?: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

async function balancesOf(address: string, query = ''): Promise<Balance[]> {
  const response = await t.app.inject(`/v1/account/${address}/balance${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().balances
}

const unreachable = 'http://127.0.0.1:9'

describe('GET /v1/account/:address/balance', () => {
  test("a dev account's native coin and test tokens on both chains, priced, with exact quantities", async () => {
    const balances = await balancesOf(account0)
    const expected = [
      { symbol: 'ETH', name: 'Ether', decimals: '18', price: 3000 },
      { symbol: 'LUSD', name: 'Latch USD', decimals: '6', price: 1 },
      { symbol: 'LTK', name: 'Latch Token', decimals: '18', price: 0.5 },
      // The server answers 0-decimal tokens too; the client drops them (SPEC §5).
      { symbol: 'LPT', name: 'Latch Points', decimals: '0', price: 0.01 },
    ]
    expect(balances).toHaveLength(8)
    for (const chainId of [A, B]) {
      for (const token of expected) {
        const balance = balances.find((b) => b.chainId === chainId && b.symbol === token.symbol)
        expect(balance, `${token.symbol} on ${chainId}`).toBeDefined()
        expect(balance!.name).toBe(token.name)
        expect(balance!.quantity).toEqual({ decimals: token.decimals, numeric: '10000' })
        expect(balance!.price).toBe(token.price)
        expect(balance!.value).toBeCloseTo(10000 * token.price, 9)
        expect(balance!.iconUrl).toMatch(new RegExp(`^http://[^/]+/public/getTokenImage/${token.symbol}$`))
        if (token.symbol === 'ETH') expect(balance).not.toHaveProperty('address')
        else {
          const tokenAddress = testTokenAddresses[token.symbol as keyof typeof testTokenAddresses]
          expect(balance!.address).toBe(`${chainId}:${tokenAddress}`)
        }
      }
    }
  })

  test('the address is read in any case, with or without 0x', async () => {
    const reference = await balancesOf(account0, '?forceUpdate=true')
    expect(await balancesOf(account0.toLowerCase())).toEqual(reference)
    expect(await balancesOf(account0.slice(2).toUpperCase())).toEqual(reference)
  })

  test('an address holding nothing → an empty list', async () => {
    expect(await balancesOf('0x0000000000000000000000000000000000001234')).toEqual([])
  })

  test('chainId limits the answer to that chain', async () => {
    const balances = await balancesOf(account0, `?chainId=${B}`)
    expect(balances.map((b) => b.symbol)).toEqual(['ETH', 'LUSD', 'LTK', 'LPT'])
    expect(new Set(balances.map((b) => b.chainId))).toEqual(new Set([B]))
  })

  test('a transfer shows after forceUpdate=true; until then the 30 s cache answers', async () => {
    const receiver = '0x000000000000000000000000000000000000bEEF'
    expect(await balancesOf(receiver, `?chainId=${A}`)).toEqual([])

    const wallet = createWalletClient({ transport: http(t.rpcA) })
    const hash = await wallet.sendTransaction({
      account: anvilAddresses[8],
      to: receiver,
      value: parseEther('1.25'),
      chain: null,
    })
    await createPublicClient({ transport: http(t.rpcA) }).waitForTransactionReceipt({ hash })

    expect(await balancesOf(receiver, `?chainId=${A}`)).toEqual([])
    const fresh = await balancesOf(receiver, `?chainId=${A}&forceUpdate=true`)
    expect(fresh).toMatchObject([
      { symbol: 'ETH', chainId: A, quantity: { decimals: '18', numeric: '1.25' } },
    ])
    expect(fresh[0]!.value).toBeCloseTo(3750, 9)
    // forceUpdate refreshed the cache, and forceUpdate=false is the cache again.
    expect(await balancesOf(receiver, `?chainId=${A}&forceUpdate=false`)).toEqual(fresh)
  })

  test.each([
    ['/v1/account/0x123/balance', 'address'],
    [`/v1/account/${'0x'.padEnd(42, 'g')}/balance`, 'address'],
    [`/v1/account/${account0}/balance?currency=eur`, 'currency'],
    [`/v1/account/${account0}/balance?currency=usd&currency=usd`, 'currency'],
    [`/v1/account/${account0}/balance?chainId=eip155:1`, 'chainId'],
    [`/v1/account/${account0}/balance?chainId=31337`, 'chainId'],
    [`/v1/account/${account0}/balance?forceUpdate=yes`, 'forceUpdate'],
    [`/v1/account/${account0}/balance?projectId=${'p'.repeat(101)}`, 'projectId'],
  ])('%s → 400 naming %s', async (url, field) => {
    const response = await t.app.inject(url)
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.field).toBe(field)
    expect(body.error).toContain(field)
  })

  test('currency is read in any case', async () => {
    expect(await balancesOf(account0, `?currency=USD&chainId=${A}`)).toHaveLength(4)
  })
})

describe('a chain that cannot be read', () => {
  test("one chain down → the other chain's balances only; every requested chain down → 502", async () => {
    const app = await createApp({
      storage: t.storage,
      blockchain: devnetBlockchainConfig({ rpcA: t.rpcA, rpcB: unreachable }),
    })
    try {
      const partial = await app.inject(`/v1/account/${account0}/balance`)
      expect(partial.statusCode).toBe(200)
      const balances: Balance[] = partial.json().balances
      expect(balances.map((b) => `${b.chainId}/${b.symbol}`)).toEqual([
        `${A}/ETH`,
        `${A}/LUSD`,
        `${A}/LTK`,
        `${A}/LPT`,
      ])

      const down = await app.inject(`/v1/account/${account0}/balance?chainId=${B}`)
      expect(down.statusCode).toBe(502)
      expect(down.json()).toEqual({ error: `Could not read balances from Latch Devnet B (${B})` })
    } finally {
      await app.close()
    }
  })

  test('every chain down → 502 naming each', async () => {
    const app = await createApp({
      storage: t.storage,
      blockchain: devnetBlockchainConfig({ rpcA: unreachable, rpcB: unreachable }),
    })
    try {
      const response = await app.inject(`/v1/account/${account0}/balance`)
      expect(response.statusCode).toBe(502)
      expect(response.json().error).toBe(
        `Could not read balances from Latch Devnet A (${A}), Latch Devnet B (${B})`,
      )
    } finally {
      await app.close()
    }
  })

  test('a partial answer is not cached: the missing chain is read again on the next request', async () => {
    // Chain B behind a switch: 503 while down, else the devnet's answer.
    let down = true
    const proxy = createServer(async (request, response) => {
      let body = ''
      for await (const chunk of request) body += chunk
      if (down) return response.writeHead(503).end()
      const answer = await fetch(t.rpcB, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const rpcB = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    const app = await createApp({
      storage: t.storage,
      blockchain: devnetBlockchainConfig({ rpcA: t.rpcA, rpcB }),
    })
    try {
      const chainsOf = async () => {
        const response = await app.inject(`/v1/account/${account0}/balance`)
        expect(response.statusCode).toBe(200)
        return new Set(response.json().balances.map((b: Balance) => b.chainId))
      }
      expect(await chainsOf()).toEqual(new Set([A]))
      down = false
      expect(await chainsOf()).toEqual(new Set([A, B]))
    } finally {
      await app.close()
      await new Promise<void>((resolve) => proxy.close(() => resolve()))
    }
  })
})

describe('GET /v1/account/:address/balance for a Solana address', () => {
  const S = solanaLocalCaipNetworkId

  test('SOL and LUSD-SOL from the local Solana chain, priced, the mint as the token address', async () => {
    const balances = await balancesOf(solanaTestAddresses[6]!)
    expect(balances).toEqual(
      [
        {
          name: 'Latch USD (Solana)',
          symbol: 'LUSD-SOL',
          chainId: S,
          address: `${S}:${solanaTestToken.address}`,
          value: 1_000_000,
          price: 1,
          quantity: { decimals: '6', numeric: '1000000' },
          iconUrl: expect.stringMatching(/\/public\/getTokenImage\/LUSD-SOL$/),
        },
        {
          name: 'Solana',
          symbol: 'SOL',
          chainId: S,
          value: 150_000,
          price: 150,
          quantity: { decimals: '9', numeric: '1000' },
          iconUrl: expect.stringMatching(/\/public\/getTokenImage\/SOL$/),
        },
      ].sort(
        (a, b) =>
          balances.findIndex((x) => x.symbol === a.symbol) - balances.findIndex((x) => x.symbol === b.symbol),
      ),
    )
    expect(await balancesOf(solanaTestAddresses[6]!, `?chainId=${S}`)).toHaveLength(2)
  })

  test('an address of one namespace with a chain of the other is refused; an empty account has no balances', async () => {
    const response = await t.app.inject(`/v1/account/${solanaTestAddresses[6]}/balance?chainId=${A}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: `chainId ${A} is not a chain of a solana address`,
      field: 'chainId',
    })
    const evm = await t.app.inject(`/v1/account/${account0}/balance?chainId=${S}`)
    expect(evm.statusCode).toBe(400)
    expect(await balancesOf('11111111111111111111111111111112')).toEqual([])
  })
})

describe('GET /v1/supported-chains', () => {
  test('the configured chains, none with WebSocket', async () => {
    const response = await t.app.inject('/v1/supported-chains?projectId=open&st=latch&sv=1')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ http: [A, B, solanaLocalCaipNetworkId], ws: [] })
  })
})

describe('POST /v1/fungible/price', () => {
  const price = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/v1/fungible/price', payload: body as object })

  test('prices of the known assets; unknown ones left out', async () => {
    const response = await price({
      currency: 'usd',
      projectId: 'open',
      addresses: [
        `${A}:native`,
        `${B}:${testTokenAddresses.LUSD.toLowerCase()}`,
        `${A}:${testTokenAddresses.LPT}`,
        'eip155:1:native',
        `${A}:0x0000000000000000000000000000000000001234`,
      ],
    })
    expect(response.statusCode).toBe(200)
    const { fungibles } = response.json()
    expect(fungibles).toHaveLength(3)
    expect(fungibles).toMatchObject([
      { name: 'Ether', symbol: 'ETH', price: 3000 },
      { name: 'Latch USD', symbol: 'LUSD', price: 1 },
      { name: 'Latch Points', symbol: 'LPT', price: 0.01 },
    ])
    expect(fungibles[1].iconUrl).toMatch(/\/public\/getTokenImage\/LUSD$/)
  })

  test.each([
    [{ currency: 'eur', addresses: [`${A}:native`] }, 'currency'],
    [{ addresses: [`${A}:native`] }, 'currency'],
    [{ currency: 'usd' }, 'addresses'],
    [{ currency: 'usd', addresses: [] }, 'addresses'],
    [{ currency: 'usd', addresses: 'eip155:1:native' }, 'addresses'],
    [{ currency: 'usd', addresses: [`${A}:native`, '0x1234'] }, 'addresses[1]'],
    [{ currency: 'usd', addresses: [`${A}:native`], projectId: 'p'.repeat(101) }, 'projectId'],
  ])('%j → 400 naming %s', async (body, field) => {
    const response = await price(body)
    expect(response.statusCode).toBe(400)
    expect(response.json().field).toBe(field)
    expect(response.json().error).toContain(field)
  })

  test('a caip-10 address error reads as SPEC §5 says', async () => {
    const response = await price({ currency: 'usd', addresses: ['nope'] })
    expect(response.json().error).toContain('Invalid CAIP-10 address')
  })
})

test('the OpenAPI document lists the blockchain routes with their schemas', async () => {
  const document = (await t.app.inject('/docs/json')).json()
  const balance = document.paths['/v1/account/{address}/balance'].get
  expect(balance.parameters.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(['address', 'currency', 'chainId', 'forceUpdate', 'projectId']),
  )
  expect(Object.keys(balance.responses)).toEqual(expect.arrayContaining(['200', '400', '502']))
  expect(document.paths['/v1/supported-chains'].get).toBeDefined()
  expect(document.paths['/v1/fungible/price'].post.requestBody).toBeDefined()
})

test('the blockchain routes count usage per project, SDK type and version', async () => {
  const app = await createApp({
    storage: t.storage,
    blockchain: devnetBlockchainConfig({ rpcA: t.rpcA, rpcB: t.rpcB }),
  })
  await app.inject('/v1/supported-chains?projectId=usage-check&st=latch&sv=7')
  await app.inject(`/v1/account/${account0}/balance?chainId=${A}&projectId=usage-check&st=latch&sv=7`)
  await app.close()
  const rows = await t.storage.listUsage('usage-check')
  expect(rows).toMatchObject([{ projectId: 'usage-check', sdkType: 'latch', sdkVersion: '7', requests: 2 }])
})
