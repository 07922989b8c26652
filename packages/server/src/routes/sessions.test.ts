import {
  anvilPrivateKeys,
  type Devnet,
  deploySmartWalletFactory,
  type SmartWalletFactory,
  startDevnet,
} from '@latch/devnet'
import { type Address, getAddress, serializeErc6492Signature } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/support/app.ts'
import { startCountingRpc } from '../../test/support/countingRpc.ts'
import { devnetBlockchainConfig } from '../chains/defaults.ts'
import { revokeSessionMessage } from '../sessions/messages.ts'

const alice = privateKeyToAccount(anvilPrivateKeys[0]!)
const bob = privateKeyToAccount(anvilPrivateKeys[1]!)
const ORIGIN = 'https://app.test'
const query = '?projectId=open&st=latch&sv=0.1.0'
const minutes = (n: number) => new Date(Date.now() + n * 60_000)

let devnet: Devnet
let factory: SmartWalletFactory
let t: TestApp

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }], tokens: false })
  factory = await deploySmartWalletFactory(devnet.chains[0]!.rpcUrl)
  t = await createTestApp({
    // Chain B (31338) points at a closed port: its signatures cannot be checked.
    blockchain: devnetBlockchainConfig({ rpcA: devnet.chains[0]!.rpcUrl, rpcB: 'http://127.0.0.1:9' }),
    sessions: { domains: ['backend.test'] },
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await devnet?.stop()
})

async function nonce(): Promise<string> {
  const response = await t.app.inject(`/v1/sessions/nonce${query}`)
  expect(response.statusCode).toBe(200)
  return response.json().nonce
}

type MessageFields = Partial<Parameters<typeof createSiweMessage>[0]>

async function message(address: Address, fields: MessageFields = {}): Promise<string> {
  return createSiweMessage({
    address,
    chainId: 31337,
    domain: 'app.test',
    uri: `${ORIGIN}/`,
    version: '1',
    nonce: fields.nonce ?? (await nonce()),
    issuedAt: new Date(),
    expirationTime: minutes(60),
    statement: 'Sign in to the test app',
    ...fields,
  })
}

/** `origin` null: a request without an Origin header, as from a server. */
function signIn(text: string, signature: string, origin: string | null = ORIGIN) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/sessions${query}`,
    headers: origin ? { origin } : {},
    payload: { message: text, signature },
  })
}

const list = (address: string, token?: string) =>
  t.app.inject({
    url: `/v1/sessions/${address}${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })

describe('GET /v1/sessions/nonce', () => {
  it('answers a fresh 24-character alphanumeric nonce each time, not cached', async () => {
    const response = await t.app.inject(`/v1/sessions/nonce${query}`)
    expect(response.headers['cache-control']).toBe('no-store')
    const first = response.json().nonce
    expect(first).toMatch(/^[A-Za-z0-9]{24}$/)
    expect(await nonce()).not.toBe(first)
  })
})

describe('POST /v1/sessions (sign in)', () => {
  it('an EOA: a 201 with a token and the session; the token lists the address’s sessions', async () => {
    const text = await message(alice.address)
    const response = await signIn(text, await alice.signMessage({ message: text }))
    expect(response.statusCode).toBe(201)
    const { token, session } = response.json()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(session).toMatchObject({
      address: alice.address,
      chainId: 'eip155:31337',
      domain: 'app.test',
      uri: `${ORIGIN}/`,
      message: text,
    })
    const listed = await list(alice.address.toLowerCase(), token)
    expect(listed.statusCode).toBe(200)
    expect(listed.json().sessions.map((s: { id: string }) => s.id)).toContain(session.id)
  })

  it('a deployed smart wallet (ERC-1271) signs in with its owner’s signature', async () => {
    const wallet = await factory.deploy(bob.address, `0x${'0a'.padStart(64, '0')}`)
    const text = await message(wallet)
    const response = await signIn(text, await bob.signMessage({ message: text }))
    expect(response.statusCode).toBe(201)
    expect(response.json().session.address).toBe(getAddress(wallet))
  })

  it('a smart wallet not deployed yet (ERC-6492) signs in too', async () => {
    const salt = `0x${'0b'.padStart(64, '0')}` as const
    const wallet = await factory.addressOf(bob.address, salt)
    const text = await message(wallet)
    const signature = serializeErc6492Signature({
      address: factory.address,
      data: factory.deployData(bob.address, salt),
      signature: await bob.signMessage({ message: text }),
    })
    expect((await signIn(text, signature)).statusCode).toBe(201)
  })

  it('a message for another site: 401 naming the domain and the origin', async () => {
    const text = await message(alice.address)
    const response = await signIn(text, await alice.signMessage({ message: text }), 'https://evil.test')
    expect(response.statusCode).toBe(401)
    expect(response.json().error).toBe(
      'The message domain "app.test" does not match the origin "https://evil.test"',
    )
  })

  it('a URI on another origin: 401', async () => {
    const text = await message(alice.address, { uri: 'https://elsewhere.test/login' })
    const response = await signIn(text, await alice.signMessage({ message: text }))
    expect(response.statusCode).toBe(401)
    expect(response.json().error).toMatch(/URI "https:\/\/elsewhere.test\/login" is not on the origin/)
  })

  it('without an Origin header only the configured domains are accepted', async () => {
    const text = await message(alice.address)
    const refused = await signIn(text, await alice.signMessage({ message: text }), null)
    expect(refused.statusCode).toBe(401)
    expect(refused.json().error).toBe('The message domain "app.test" is not one this server accepts')
    const backend = await message(alice.address, { domain: 'backend.test', uri: 'https://backend.test' })
    expect((await signIn(backend, await alice.signMessage({ message: backend }), null)).statusCode).toBe(201)
  })

  it('a nonce is used once: the same signed message again is refused', async () => {
    const text = await message(alice.address)
    const signature = await alice.signMessage({ message: text })
    expect((await signIn(text, signature)).statusCode).toBe(201)
    const again = await signIn(text, signature)
    expect(again.statusCode).toBe(401)
    expect(again.json().error).toBe('Unknown, expired or already used nonce')
  })

  it('a nonce the server never gave: 401', async () => {
    const text = await message(alice.address, { nonce: 'madeUpNonce12345' })
    const response = await signIn(text, await alice.signMessage({ message: text }))
    expect(response.statusCode).toBe(401)
    expect(response.json().error).toBe('Unknown, expired or already used nonce')
  })

  it('expired, not yet valid, issued too long ago or in the future: 401 saying which', async () => {
    const cases: [MessageFields, string][] = [
      [{ expirationTime: minutes(-1) }, 'The message has expired'],
      [{ notBefore: minutes(5) }, 'The message is not valid yet'],
      [{ issuedAt: minutes(-11) }, 'The message was issued more than 10 minutes ago'],
      [{ issuedAt: minutes(5) }, 'The message was issued in the future'],
    ]
    for (const [fields, error] of cases) {
      const text = await message(alice.address, fields)
      const response = await signIn(text, await alice.signMessage({ message: text }))
      expect({ status: response.statusCode, error: response.json().error }).toEqual({ status: 401, error })
    }
  })

  it('a forged signature (another key) and a message changed after signing: 401', async () => {
    const text = await message(alice.address)
    const forged = await signIn(text, await bob.signMessage({ message: text }))
    expect(forged.statusCode).toBe(401)
    expect(forged.json().error).toBe('Signature does not match the address')
    // The refused signature spent the nonce: the right signature over the same message no longer signs in.
    const late = await signIn(text, await alice.signMessage({ message: text }))
    expect({ status: late.statusCode, error: late.json().error }).toEqual({
      status: 401,
      error: 'Unknown, expired or already used nonce',
    })

    const fresh = await message(alice.address)
    const signature = await alice.signMessage({ message: fresh })
    const tampered = await signIn(
      fresh.replace('Sign in to the test app', 'Sign in to the evil app'),
      signature,
    )
    expect(tampered.statusCode).toBe(401)
    expect(tampered.json().error).toBe('Signature does not match the address')
  })

  it('a message asking for a session longer than 30 days gets 30 days from its issue', async () => {
    const issuedAt = new Date()
    const text = await message(alice.address, { issuedAt, expirationTime: minutes(60 * 24 * 365 * 100) })
    const response = await signIn(text, await alice.signMessage({ message: text }))
    expect(response.statusCode).toBe(201)
    expect(Date.parse(response.json().session.expiresAt) - issuedAt.getTime()).toBe(30 * 24 * 60 * 60_000)
  })

  it('dates beyond what the database holds: 400 naming the message, nothing stored', async () => {
    for (const expirationTime of [new Date(8.64e15), new Date('+010000-01-01T00:00:00Z')]) {
      const text = await message(alice.address, { expirationTime })
      const response = await signIn(text, await alice.signMessage({ message: text }))
      expect({ status: response.statusCode, field: response.json().field }).toEqual({
        status: 400,
        field: 'message',
      })
      expect(response.json().error).toBe("The message's Expiration Time is not a date between 1970 and 9999")
    }
  })

  it('a message whose nonce was never issued is refused before the chain is asked', async () => {
    const rpc = await startCountingRpc(devnet.chains[0]!.rpcUrl)
    const counted = await createTestApp({
      blockchain: devnetBlockchainConfig({ rpcA: rpc.url, rpcB: 'http://127.0.0.1:9' }),
    })
    try {
      const text = await message(alice.address, { nonce: 'neverIssuedNonce1234' })
      // Not an ECDSA signature: only the chain could say whether a contract account made it.
      const response = await counted.app.inject({
        method: 'POST',
        url: `/v1/sessions${query}`,
        headers: { origin: ORIGIN },
        payload: { message: text, signature: `0x${'ab'.repeat(200)}` },
      })
      expect({ status: response.statusCode, error: response.json().error }).toEqual({
        status: 401,
        error: 'Unknown, expired or already used nonce',
      })
      expect(rpc.methods).toEqual([])
    } finally {
      await counted.close()
      await rpc.close()
    }
  })

  it('a chain the server does not serve: 400; one that does not answer: 502, not a bad signature', async () => {
    const foreign = await message(alice.address, { chainId: 999 })
    const unsupported = await signIn(foreign, await alice.signMessage({ message: foreign }))
    expect(unsupported.statusCode).toBe(400)
    expect(unsupported.json().error).toBe('Chain eip155:999 is not supported')
    // Chain B's node is down; a signature that is not alice's plain ECDSA one must be asked of it.
    const onB = await message(alice.address, { chainId: 31338 })
    const down = await signIn(onB, await bob.signMessage({ message: onB }))
    expect(down.statusCode).toBe(502)
    expect(down.json().error).toBe('Could not check the signature on eip155:31338')
  })

  it('not an EIP-4361 message, or not hex: 400 naming the problem', async () => {
    const garbage = await signIn('hello', '0x1234')
    expect(garbage.statusCode).toBe(400)
    expect(garbage.json().error).toBe('The message has no address (EIP-4361)')
    const text = await message(alice.address)
    const notHex = await signIn(text, 'signature')
    expect(notHex.statusCode).toBe(400)
    expect(notHex.json().error).toMatch(/signature must be hex bytes/)
  })

  it('the same message posted twice at once: exactly one session', async () => {
    const text = await message(alice.address)
    const signature = await alice.signMessage({ message: text })
    const answers = await Promise.all([signIn(text, signature), signIn(text, signature)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 401])
  })
})

describe('GET /v1/sessions/{address} and POST …/revoke', () => {
  async function signedIn(account = alice) {
    const text = await message(account.address)
    const response = await signIn(text, await account.signMessage({ message: text }))
    expect(response.statusCode).toBe(201)
    return response.json() as { token: string; session: { id: string } }
  }
  const revoke = (address: string, pci: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/sessions/${address}/revoke${query}`,
      payload: { pci, signature },
    })

  it('needs a valid token of that address', async () => {
    const { token } = await signedIn()
    expect((await list(alice.address)).json()).toEqual({ error: 'Missing session token' })
    const wrong = await list(alice.address, 'not-a-token')
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error).toBe('Session token is not valid for this address')
    expect((await list(bob.address, token)).statusCode).toBe(401)
    const malformed = await list('0x1234', token)
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error).toMatch(/address must be an EVM address/)
  })

  it('revoking needs the address’s signature over the revoke message; then the token lists nothing', async () => {
    const { token, session } = await signedIn()
    const other = await signedIn(bob)

    const forged = await revoke(
      alice.address,
      session.id,
      await bob.signMessage({ message: revokeSessionMessage(session.id) }),
    )
    expect(forged.statusCode).toBe(401)
    expect(forged.json().error).toBe('Signature does not match the address')
    const unknown = await revoke(alice.address, 'no-such-session', await alice.signMessage({ message: 'x' }))
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error).toBe('Unknown session')
    // Bob's session cannot be revoked through alice's address.
    const notHers = await revoke(
      alice.address,
      other.session.id,
      await alice.signMessage({ message: revokeSessionMessage(other.session.id) }),
    )
    expect(notHers.statusCode).toBe(404)
    expect((await list(alice.address, token)).statusCode).toBe(200)

    const signature = await alice.signMessage({ message: revokeSessionMessage(session.id) })
    const revoked = await revoke(alice.address, session.id, signature)
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json()).toEqual({ revoked: true })
    expect((await list(alice.address, token)).statusCode).toBe(401)
    expect((await revoke(alice.address, session.id, signature)).statusCode).toBe(200)
    // Bob's session is untouched.
    expect((await list(bob.address, other.token)).statusCode).toBe(200)
  })

  it('lists only live sessions of the token’s domain, newest first', async () => {
    const first = await signedIn()
    const second = await signedIn()
    const ids = (await list(alice.address, second.token)).json().sessions.map((s: { id: string }) => s.id)
    expect(ids.indexOf(second.session.id)).toBeLessThan(ids.indexOf(first.session.id))
    const backend = await message(alice.address, { domain: 'backend.test', uri: 'https://backend.test' })
    const elsewhere = await signIn(backend, await alice.signMessage({ message: backend }), null)
    expect(ids).not.toContain(elsewhere.json().session.id)
  })
})
