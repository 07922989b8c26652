import { execFile } from 'node:child_process'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createAppClient, viemConnector } from '@farcaster/auth-client'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from './anvil.ts'
import { deployIdRegistry } from './farcaster.ts'
import {
  createFarcasterClient,
  devFarcasterRelayKey,
  FarcasterRelayError,
  FarcasterSignInUriError,
  localFarcasterEnv,
} from './farcasterClient.ts'

interface Answer {
  path: string | undefined
  headers: IncomingHttpHeaders
  body: { message: string; signature: `0x${string}`; fid: number; username: string; displayName: string }
}

/**
 * A stand-in for the server's auth relay, enough for the Farcaster client's side: it records each answer and, like
 * the relay, refuses a wrong relay key and an unknown channel with `{ error }`.
 */
function startStandInRelay(): Promise<{ server: Server; relay: string; answers: Answer[] }> {
  const answers: Answer[] = []
  const server = createServer((request, response) => {
    let raw = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      raw += chunk
    })
    request.on('end', () => {
      const reply = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(body))
      }
      if (request.headers['x-farcaster-auth-relay-key'] !== devFarcasterRelayKey)
        return reply(401, { error: 'Invalid relay key' })
      if (request.headers.authorization === 'Bearer expired-channel')
        return reply(404, { error: 'Channel not found or expired' })
      answers.push({ path: request.url, headers: request.headers, body: JSON.parse(raw) })
      reply(201, { state: 'completed' })
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ server, relay: `http://127.0.0.1:${port}/farcaster`, answers })
    }),
  )
}

/** What the app's page shows, as the server's relay makes it for a channel. */
function connectUri(channelToken: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({
    channelToken,
    nonce: 'n0nce4latch1234',
    siweUri: 'http://127.0.0.1:8789/v1/auth/farcaster',
    domain: '127.0.0.1:8789',
    ...extra,
  })
  return `farcaster://connect?${query}`
}

let anvil: AnvilInstance
let standIn: Awaited<ReturnType<typeof startStandInRelay>>
const clientFor = (username?: string, relayKey = devFarcasterRelayKey) =>
  createFarcasterClient({ relay: standIn.relay, relayKey, rpcUrl: anvil.rpcUrl, username })
/** The app's check, as the server makes it: the signature, and the registry's `idOf(signer) == fid`. */
const verify = (answer: Answer) =>
  createAppClient({
    relay: standIn.relay,
    ethereum: viemConnector({ rpcUrl: anvil.rpcUrl }),
  }).verifySignInMessage({
    nonce: 'n0nce4latch1234',
    domain: '127.0.0.1:8789',
    message: answer.body.message,
    signature: answer.body.signature,
    acceptAuthAddress: false,
  })

beforeAll(async () => {
  ;[anvil, standIn] = await Promise.all([startAnvil({ chainId: 31337, port: 0 }), startStandInRelay()])
  await deployIdRegistry(anvil.rpcUrl)
}, 60_000)
beforeEach(() => {
  standIn.answers.length = 0
})
afterAll(async () => {
  await new Promise((resolve) => standIn?.server.close(resolve))
  await anvil?.stop()
})

describe('createFarcasterClient', () => {
  it('approves a channel with a message the app verifies against the ID registry', async () => {
    const alice = await clientFor()
    expect(alice.username).toBe('alice')
    expect(alice.fid).toBeGreaterThan(0)

    await alice.approve(
      connectUri('channel-1', { requestId: 'req-7', expirationTime: '2999-01-01T00:00:00.000Z' }),
    )
    expect(standIn.answers).toHaveLength(1)
    const [answer] = standIn.answers as [Answer]
    expect(answer.path).toBe('/farcaster/v1/channel/authenticate')
    expect(answer.headers.authorization).toBe('Bearer channel-1')
    expect(answer.headers['x-farcaster-auth-relay-key']).toBe(devFarcasterRelayKey)
    expect(answer.body).toMatchObject({ fid: alice.fid, username: 'alice', displayName: 'Alice' })
    // The URI's optional SIWE fields reach the message.
    expect(answer.body.message).toContain('Request ID: req-7')
    expect(answer.body.message).toContain('Expiration Time: 2999-01-01T00:00:00.000Z')

    const verified = await verify(answer)
    expect(verified.error).toBeUndefined()
    expect(verified.isError).toBe(false)
    expect(verified.fid).toBe(alice.fid)
    expect(verified.data?.address).toBe(alice.custody)
  })

  it('forges an answer the relay takes and the app refuses', async () => {
    const alice = await clientFor('alice')
    await alice.forge(connectUri('channel-2'))
    const [answer] = standIn.answers as [Answer]
    expect(answer.body.fid).toBe(alice.fid)
    const verified = await verify(answer)
    expect(verified.isError).toBe(true)
    // A sound signature, by an address that is not the fid's custody: the registry check refuses it.
    expect(verified.error?.errCode).toBe('unauthorized')
    expect(verified.error?.message).toMatch(new RegExp(`does not own fid ${alice.fid}`))
  })

  it('is the same fid for the same username, also when made at the same moment', async () => {
    const [first, second] = await Promise.all([clientFor('bob'), clientFor('bob')])
    const later = await clientFor('bob')
    const carol = await clientFor('carol')
    expect(second.fid).toBe(first.fid)
    expect(later.fid).toBe(first.fid)
    expect(later.custody).toBe(first.custody)
    expect(carol.fid).not.toBe(first.fid)
    expect(carol.custody).not.toBe(first.custody)
  })

  it('throws the relay’s message when the relay refuses', async () => {
    const alice = await clientFor()
    const unknownChannel = await alice.approve(connectUri('expired-channel')).catch((error: unknown) => error)
    expect(unknownChannel).toBeInstanceOf(FarcasterRelayError)
    expect(unknownChannel).toMatchObject({ message: 'Channel not found or expired', status: 404 })

    const wrongKey = await clientFor('alice', 'not-the-key')
    await expect(wrongKey.approve(connectUri('channel-3'))).rejects.toThrow('Invalid relay key')
    expect(standIn.answers).toEqual([])
  })

  it('refuses a URI that is not a complete farcaster://connect URI', async () => {
    const alice = await clientFor()
    await expect(alice.approve('wc:abc@2?relay-protocol=irn')).rejects.toBeInstanceOf(FarcasterSignInUriError)
    await expect(alice.approve('farcaster://connect?nonce=n0nce4latch1234')).rejects.toThrow(
      'No channel token',
    )
    await expect(alice.approve('farcaster://connect?channelToken=c')).rejects.toThrow(
      'nonce, siweUri or domain',
    )
    expect(standIn.answers).toEqual([])
  })
})

it('localFarcasterEnv points the server at the registry’s chain with the development relay key', () => {
  expect(localFarcasterEnv('http://127.0.0.1:8545')).toEqual({
    LATCH_FARCASTER_RPC_URL: 'http://127.0.0.1:8545',
    LATCH_FARCASTER_RELAY_KEY: devFarcasterRelayKey,
  })
})

describe('latch-farcaster', () => {
  const run = (args: string[]) =>
    promisify(execFile)(
      fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url)),
      [fileURLToPath(new URL('./farcasterCli.ts', import.meta.url)), ...args],
      { env: { ...process.env, FARCASTER_RELAY: standIn.relay, LATCH_RPC_A: anvil.rpcUrl } },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    )

  // One test, both runs at once: each start of tsx with viem and the auth client takes seconds.
  it('approves as the user it is given and says so; prints a refusal and exits with 1', async () => {
    const [approved, refused] = await Promise.all([
      run(['--user', 'dave', connectUri('channel-cli')]),
      run([connectUri('expired-channel')]),
    ])
    const dave = await clientFor('dave')
    expect(approved).toMatchObject({ code: 0, stdout: `Approved as @dave (fid ${dave.fid})\n` })
    expect(standIn.answers.map((answer) => answer.headers.authorization)).toEqual(['Bearer channel-cli'])
    expect(refused).toMatchObject({ code: 1, stdout: '' })
    expect(refused.stderr).toContain('latch-farcaster: Channel not found or expired\n')
  }, 30_000)
})
