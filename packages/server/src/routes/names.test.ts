import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { anvilPrivateKeys, type Devnet, startDevnet } from '@latch/devnet'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/support/app.ts'
import { startCountingRpc } from '../../test/support/countingRpc.ts'
import { createApp } from '../app.ts'
import { devnetBlockchainConfig } from '../chains/defaults.ts'

const alice = privateKeyToAccount(anvilPrivateKeys[0]!)
const bob = privateKeyToAccount(anvilPrivateKeys[1]!)
/** ENSIP-11 coin type of Latch Devnet A (31337). */
const DEVNET_A = 0x80000000 + 31337
const NOW = new Date('2026-11-22T12:00:00Z')
const nowS = NOW.getTime() / 1000

let devnet: Devnet
let t: TestApp

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }], tokens: false })
  t = await createTestApp({
    blockchain: devnetBlockchainConfig({ rpcA: devnet.chains[0]!.rpcUrl, rpcB: 'http://127.0.0.1:9' }),
    names: { now: () => NOW },
  })
})
afterAll(async () => {
  await t?.close()
  await devnet?.stop()
})

const message = (name: string, timestamp = nowS, attributes: Record<string, string> = {}) =>
  JSON.stringify({ name, attributes, timestamp })

async function register(
  account: typeof alice,
  text: string,
  overrides: { coin_type?: number; signature?: string; address?: string } = {},
  app = t.app,
) {
  const signature = overrides.signature ?? (await account.signMessage({ message: text }))
  return app.inject({
    method: 'POST',
    url: '/v1/profile/account?projectId=open&st=latch&sv=0.1.0',
    payload: {
      coin_type: overrides.coin_type ?? DEVNET_A,
      address: overrides.address ?? account.address,
      message: text,
      signature,
    },
  })
}

describe('registering a name (POST /v1/profile/account)', () => {
  it('registers a name signed for by its address; lookups, reverse, identity and suggestions then show it', async () => {
    const created = await register(
      alice,
      message('Alice.latch.id', nowS, { avatar: 'https://a.example/a.png' }),
    )
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({
      name: 'alice.latch.id',
      registered: expect.any(Number),
      updated: expect.any(Number),
      addresses: {
        [String(DEVNET_A)]: { address: alice.address.toLowerCase(), created: expect.any(Number) },
      },
      attributes: { avatar: 'https://a.example/a.png' },
    })

    const lookup = await t.app.inject('/v1/profile/account/alice.latch.id')
    expect(lookup.statusCode).toBe(200)
    expect(lookup.json().name).toBe('alice.latch.id')
    expect((await t.app.inject(`/v1/profile/reverse/${alice.address}`)).json()).toMatchObject([
      { name: 'alice.latch.id' },
    ])
    expect((await t.app.inject(`/v1/identity/${alice.address}?sender=${alice.address}`)).json()).toEqual({
      name: 'alice.latch.id',
      avatar: 'https://a.example/a.png',
    })
    const { suggestions } = (await t.app.inject('/v1/profile/suggestions/alice')).json()
    expect(suggestions[0]).toEqual({ name: 'alice.latch.id', registered: true })
    expect(suggestions.length).toBeGreaterThan(1)
    expect(suggestions.slice(1).every((s: { registered: boolean }) => !s.registered)).toBe(true)
  })

  it('accepts Ethereum’s coin type 60 (checked without a chain: an EOA signature)', async () => {
    const response = await register(bob, message('bob-eth'), { coin_type: 60 })
    expect(response.statusCode).toBe(201)
    expect(response.json().addresses).toHaveProperty('60')
  })

  it('refuses a tampered signature and a signature by another key (401)', async () => {
    const text = message('carol')
    const signature = await alice.signMessage({ message: text })
    const tampered = `${signature.slice(0, 10)}${signature[10] === 'a' ? 'b' : 'a'}${signature.slice(11)}`
    for (const response of [
      await register(alice, text, { signature: tampered }),
      await register(bob, text, { address: alice.address }),
    ]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ error: 'Signature does not match the address', field: 'signature' })
    }
    expect((await t.app.inject('/v1/profile/account/carol.latch.id')).statusCode).toBe(404)
  })

  it('refuses a message used before (409), even for the same address', async () => {
    const text = message('dave')
    expect((await register(alice, text)).statusCode).toBe(201)
    const replay = await register(alice, text)
    expect(replay.statusCode).toBe(409)
    expect(replay.json().error).toBe('This message has already been used')
  })

  it('refuses a name another address holds (409)', async () => {
    expect((await register(alice, message('erin'))).statusCode).toBe(201)
    const taken = await register(bob, message('erin', nowS - 1))
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toEqual({
      error: 'Name is already registered: erin.latch.id',
      field: 'message.name',
    })
  })

  it('refuses stale and future timestamps (400)', async () => {
    const old = await register(alice, message('frank', nowS - 601))
    expect(old.statusCode).toBe(400)
    expect(old.json()).toEqual({ error: 'Message timestamp is too old', field: 'message.timestamp' })
    const ahead = await register(alice, message('frank', nowS + 61))
    expect(ahead.json()).toEqual({ error: 'Message timestamp is in the future', field: 'message.timestamp' })
  })

  it('names the problem with a bad name, message, coin type or body (400)', async () => {
    expect((await register(alice, message('xy'))).json()).toEqual({
      error: 'The name must be at least 3 characters',
      field: 'message.name',
    })
    expect((await register(alice, message('bad_name'))).json().error).toMatch(/only use a-z, 0-9 and hyphens/)
    expect((await register(alice, message('gina.other.zone'))).json().error).toBe(
      'Unknown zone in gina.other.zone',
    )
    expect((await register(alice, 'register gina please')).json()).toEqual({
      error: 'message must be JSON with name, attributes and timestamp',
      field: 'message',
    })
    const coin = await register(alice, message('gina'), { coin_type: 501 })
    expect(coin.statusCode).toBe(400)
    expect(coin.json().field).toBe('coin_type')
    const body = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/account',
      payload: { coin_type: 60 },
    })
    expect(body.statusCode).toBe(400)
    expect(body.json().field).toBe('address')
  })

  it('registers exactly one of two concurrent requests for a name', async () => {
    const [one, two] = await Promise.all([register(alice, message('hank')), register(bob, message('hank'))])
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409])
  })
})

describe('name lookups', () => {
  it('answers 404 for an unknown name and 400 naming the rule for a malformed one', async () => {
    expect((await t.app.inject('/v1/profile/account/nobody.latch.id')).json()).toEqual({
      error: 'Name not found: nobody.latch.id',
    })
    const bad = await t.app.inject('/v1/profile/account/a')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ error: 'The name must be at least 3 characters', field: 'name' })
  })

  it('answers no names and no identity for an address without any, and 400 for a bad address', async () => {
    const stranger = '0x000000000000000000000000000000000000dEaD'
    expect((await t.app.inject(`/v1/profile/reverse/${stranger}`)).json()).toEqual([])
    expect((await t.app.inject(`/v1/identity/${stranger}`)).json()).toEqual({ name: null, avatar: null })
    const bad = await t.app.inject('/v1/identity/0x123')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().field).toBe('address')
  })

  it('suggests in the zone asked for, and refuses an unknown zone', async () => {
    const unknown = await t.app.inject('/v1/profile/suggestions/ivy?zone=other.zone')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error).toBe('Unknown zone: other.zone')
    const { suggestions } = (await t.app.inject('/v1/profile/suggestions/ivy?zone=latch.id')).json()
    expect(suggestions[0]).toEqual({ name: 'ivy.latch.id', registered: false })
  })
})

describe('headers, usage and unreachable chains', () => {
  /** Nothing listens on port 9: a connection there is refused at once. */
  const refused = 'http://127.0.0.1:9'

  it('sends no-cache on profile and identity reads, so a fresh registration shows at once', async () => {
    expect((await register(bob, message('nocache'))).statusCode).toBe(201)
    for (const url of [
      '/v1/profile/account/nocache.latch.id',
      `/v1/profile/reverse/${bob.address}`,
      '/v1/profile/suggestions/nocache',
      `/v1/identity/${bob.address}`,
    ]) {
      const response = await t.app.inject(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('counts every names route per project, SDK type and version', async () => {
    const app = await createApp({
      storage: t.storage,
      blockchain: devnetBlockchainConfig({ rpcA: devnet.chains[0]!.rpcUrl, rpcB: refused }),
      names: { now: () => NOW },
    })
    const query = '?projectId=names-usage&st=latch&sv=3'
    await app.inject(`/v1/profile/account/alice.latch.id${query}`)
    await app.inject(`/v1/profile/reverse/${alice.address}${query}`)
    await app.inject(`/v1/profile/suggestions/alice${query}`)
    await app.inject(`/v1/identity/${alice.address}${query}`)
    await app.inject({
      method: 'POST',
      url: `/v1/profile/account${query}`,
      payload: { coin_type: 60, address: alice.address, message: 'x', signature: '0x00' },
    })
    await app.close()
    expect(await t.storage.listUsage('names-usage')).toMatchObject([
      { projectId: 'names-usage', sdkType: 'latch', sdkVersion: '3', requests: 5 },
    ])
  })

  it('checks an EOA signature without the chain, and answers 502 when the chain must be asked and is down', async () => {
    const app = await createApp({
      storage: t.storage,
      blockchain: devnetBlockchainConfig({ rpcA: refused, rpcB: refused }),
      names: { now: () => NOW },
    })
    try {
      expect((await register(alice, message('offline-eoa'), {}, app)).statusCode).toBe(201)
      const text = message('offline-other')
      const unchecked = await register(
        alice,
        text,
        { signature: await bob.signMessage({ message: text }) },
        app,
      )
      expect(unchecked.statusCode).toBe(502)
      expect(unchecked.json()).toEqual({
        error: 'Could not check the signature on eip155:31337',
        field: 'signature',
      })
    } finally {
      await app.close()
    }
  })

  it('answers a null identity when the ENS RPC refuses or does not answer in time', async () => {
    const silent: Server = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
    const stranger = '0x000000000000000000000000000000000000bEEF'
    try {
      for (const ensRpcUrl of [refused, silentUrl]) {
        const app = await createApp({
          storage: t.storage,
          logger: false,
          blockchain: { ...devnetBlockchainConfig({ rpcA: refused, rpcB: refused }), ensRpcUrl },
        })
        const started = Date.now()
        const response = await app.inject(`/v1/identity/${stranger}`)
        await app.close()
        expect(response.statusCode, ensRpcUrl).toBe(200)
        expect(response.json()).toEqual({ name: null, avatar: null })
        expect(Date.now() - started).toBeLessThan(4000)
      }
    } finally {
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})

it('lists the names routes in the OpenAPI document with their schemas', async () => {
  const { paths } = (await t.app.inject('/docs/json')).json()
  expect(paths['/v1/profile/account/{name}'].get.responses).toHaveProperty('404')
  expect(paths['/v1/profile/reverse/{address}'].get).toBeDefined()
  expect(paths['/v1/profile/suggestions/{name}'].get).toBeDefined()
  expect(Object.keys(paths['/v1/profile/account'].post.responses)).toEqual(
    expect.arrayContaining(['201', '400', '401', '409', '502']),
  )
  expect(paths['/v1/identity/{address}'].get).toBeDefined()
})

describe('cheap checks before the chain', () => {
  it('a replayed message or a taken name is refused without asking the chain, whatever the signature', async () => {
    const rpc = await startCountingRpc(devnet.chains[0]!.rpcUrl)
    const counted = await createTestApp({
      blockchain: devnetBlockchainConfig({ rpcA: rpc.url, rpcB: 'http://127.0.0.1:9' }),
      names: { now: () => NOW },
    })
    try {
      const text = message('frank')
      // An EOA signature is checked without the chain.
      expect((await register(alice, text, {}, counted.app)).statusCode).toBe(201)
      // Not an ECDSA signature: only the chain could say whether a contract account made it.
      const junk = `0x${'ab'.repeat(200)}`
      const replay = await register(bob, text, { signature: junk }, counted.app)
      expect({ status: replay.statusCode, error: replay.json().error }).toEqual({
        status: 409,
        error: 'This message has already been used',
      })
      const taken = await register(bob, message('frank', nowS - 2), { signature: junk }, counted.app)
      expect({ status: taken.statusCode, field: taken.json().field }).toEqual({
        status: 409,
        field: 'message.name',
      })
      expect(rpc.methods).toEqual([])
    } finally {
      await counted.close()
      await rpc.close()
    }
  })
})
