import { Writable } from 'node:stream'
import { anvilPrivateKeys } from '@latch/devnet'
import pg from 'pg'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/support/app.ts'
import { createTestDatabase } from '../test/support/postgres.ts'
import { createApp } from './app.ts'
import { devnetBlockchainConfig } from './chains/defaults.ts'
import { serializeError } from './logging.ts'
import { apiCsp, docsCsp } from './security.ts'
import { openStorage } from './storage/openStorage.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('security headers', () => {
  test('every answer, success or error, is nosniff, unframeable and under a strict policy', async () => {
    for (const url of ['/getWallets?entries=1', '/getWallets?entries=0', '/nope', '/health']) {
      const { headers } = await t.app.inject(url)
      expect(headers['x-content-type-options'], url).toBe('nosniff')
      expect(headers['x-frame-options'], url).toBe('DENY')
      expect(headers['content-security-policy'], url).toBe(apiCsp.replaceAll('; ', ';'))
      expect(headers['referrer-policy'], url).toBe('no-referrer')
      // Dapps show the server's images: they stay embeddable from other origins.
      expect(headers['cross-origin-resource-policy'], url).toBe('cross-origin')
    }
  })

  test('/docs has a policy that lets Swagger UI run from this server only', async () => {
    const docs = await t.app.inject('/docs/')
    expect(docs.statusCode).toBe(200)
    expect(docs.headers['content-security-policy']).toBe(docsCsp)
    expect(docs.headers['x-frame-options']).toBe('DENY')
  })

  test('an image keeps its own policy (an SVG opened directly runs nothing)', async () => {
    const image = await t.app.inject('/public/getTokenImage/ETH')
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'")
    expect(image.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('what a failed query logs', () => {
  test('a failed sign-in write logs the query and the database error, not the message, signature or token', async () => {
    const databaseUrl = await createTestDatabase()
    const storage = await openStorage({ databaseUrl })
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const app = await createApp({
      storage,
      logger: { level: 'error', stream },
      rateLimits: false,
      // An EOA signature is checked without the chain, so a closed port will do.
      blockchain: devnetBlockchainConfig({ rpcA: 'http://127.0.0.1:9', rpcB: 'http://127.0.0.1:9' }),
    })
    // The sessions table is gone: the insert of a verified sign-in fails in the database.
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    await admin.query('drop table siwx_sessions')
    await admin.end()
    try {
      const alice = privateKeyToAccount(anvilPrivateKeys[0]!)
      const { nonce } = (await app.inject('/v1/sessions/nonce')).json()
      const message = createSiweMessage({
        address: alice.address,
        chainId: 31337,
        domain: 'app.test',
        uri: 'https://app.test/',
        version: '1',
        nonce,
        issuedAt: new Date(),
        statement: 'Sign in with a secret statement',
      })
      const signature = await alice.signMessage({ message })
      const response = await app.inject({
        method: 'POST',
        url: '/v1/sessions',
        headers: { origin: 'https://app.test' },
        payload: { message, signature },
      })
      expect(response.statusCode).toBe(500)
      const log = lines.join('')
      const { err } = JSON.parse(lines[0]!)
      expect(err.message).toMatch(/^Failed query: insert into "siwx_sessions" .* \[11 parameters redacted\]$/)
      expect(err.cause).toMatchObject({ message: 'relation "siwx_sessions" does not exist', code: '42P01' })
      for (const secret of [signature.slice(2, 40), 'secret statement', nonce, alice.address])
        expect(log).not.toContain(secret)
    } finally {
      await app.close()
      await storage.close()
    }
  })

  test('usage counters that cannot be written are logged once, without the values they held', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const failing = Object.assign(new Error('Failed query: insert …\nparams: secret-project'), {
      query: 'insert into "sdk_usage" values ($1, $2, $3, $4)',
      params: ['secret-project', 'latch', '1', 1],
    })
    const app = await createApp({
      storage: { ...t.storage, addUsage: () => Promise.reject(failing) },
      logger: { level: 'error', stream },
      rateLimits: false,
    })
    await app.inject('/getWallets?projectId=secret-project&st=latch&sv=1')
    await app.close()
    expect(lines).toHaveLength(1)
    const entry = JSON.parse(lines[0]!)
    expect(entry).toMatchObject({
      msg: 'could not write some usage counters; dropped them',
      dropped: 1,
      err: {
        message: 'Failed query: insert into "sdk_usage" values ($1, $2, $3, $4) [4 parameters redacted]',
      },
    })
    expect(lines[0]).not.toContain('secret-project')
  })

  test('serializeError keeps type, message, code, stack and cause; drops a query’s parameters and details', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (token_hash)=(c0ffee) already exists.',
    })
    const failed = Object.assign(new Error('Failed query: insert …\nparams: 0xsignature,c0ffee'), {
      query: 'insert into "siwx_sessions" values ($1, $2)',
      params: ['0xsignature', 'c0ffee'],
      cause,
    })
    const logged = serializeError(failed)
    expect(logged).toMatchObject({
      message: 'Failed query: insert into "siwx_sessions" values ($1, $2) [2 parameters redacted]',
      cause: { message: 'duplicate key value violates unique constraint', code: '23505' },
    })
    expect(JSON.stringify(logged)).not.toMatch(/0xsignature|c0ffee/)
    expect(logged.stack).toMatch(/^Error: Failed query: .*\n {4}at /)
  })
})
