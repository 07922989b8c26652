import { solanaLocalCaipNetworkId, solanaTestAddresses, solanaTestSeeds } from '@latch/devnet'
import { formatSignInMessage } from '@latch/solana/signInMessage'
import { createKeyPairFromPrivateKeyBytes, getBase58Decoder, getUtf8Encoder, signBytes } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/support/app.ts'
import { devnetBlockchainConfig } from '../chains/defaults.ts'
import { revokeSessionMessage } from '../sessions/messages.ts'

// Sign-In with Solana: the text @latch/solana writes, signed with ed25519 by the Solana test accounts, verified by the
// server without asking any chain (the RPC URLs point nowhere).

const ORIGIN = 'https://app.test'
const query = '?projectId=open&st=latch&sv=0.1.0'
const [alice, bob] = solanaTestAddresses as [string, string]

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    blockchain: devnetBlockchainConfig({ rpcA: 'http://127.0.0.1:9', rpcB: 'http://127.0.0.1:9' }),
  })
}, 60_000)
afterAll(() => t?.close())

const hexBytes = (hex: string) => new Uint8Array(hex.match(/../g)!.map((byte) => Number.parseInt(byte, 16)))

/** The base58 ed25519 signature of `text` by test account `index`. */
async function sign(index: number, text: string): Promise<string> {
  const { privateKey } = await createKeyPairFromPrivateKeyBytes(hexBytes(solanaTestSeeds[index]!))
  return getBase58Decoder().decode(await signBytes(privateKey, getUtf8Encoder().encode(text)))
}

async function nonce(): Promise<string> {
  return (await t.app.inject(`/v1/sessions/nonce${query}`)).json().nonce
}

async function message(address: string, chainId = solanaLocalCaipNetworkId as `solana:${string}`) {
  return formatSignInMessage({
    accountAddress: address,
    chainId,
    domain: 'app.test',
    uri: `${ORIGIN}/`,
    version: '1',
    nonce: await nonce(),
    issuedAt: new Date().toISOString(),
    expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
    statement: 'Sign in to the test app',
  })
}

const signIn = (text: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/sessions${query}`,
    headers: { origin: ORIGIN },
    payload: { message: text, signature },
  })

describe('Sign-In with Solana', () => {
  it('a message signed by its address starts a session, listed for its token with the address as it is', async () => {
    const text = await message(alice)
    const response = await signIn(text, await sign(0, text))
    expect(response.statusCode).toBe(201)
    const { token, session } = response.json()
    expect(session).toMatchObject({ address: alice, chainId: solanaLocalCaipNetworkId, domain: 'app.test' })

    const listed = await t.app.inject({
      url: `/v1/sessions/${alice}${query}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(listed.statusCode).toBe(200)
    expect(listed.json().sessions.map((s: { id: string }) => s.id)).toEqual([session.id])
    // Base58 is case-sensitive: the same letters in another case are another address.
    const swapped = alice.replace(/[a-hjkmnp-zA-HJKMNP-Z]/, (c) =>
      c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase(),
    )
    expect(swapped).not.toBe(alice)
    const other = await t.app.inject({
      url: `/v1/sessions/${swapped}${query}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(other.statusCode).toBe(401)
  })

  it('a forged signature (another key, or a tampered message) is refused and spends the nonce', async () => {
    const text = await message(alice)
    const forged = await signIn(text, await sign(1, text))
    expect(forged.statusCode).toBe(401)
    expect(forged.json()).toEqual({ error: 'Signature does not match the address', field: 'signature' })
    // The nonce is spent: the real signature cannot use it now.
    const again = await signIn(text, await sign(0, text))
    expect(again.statusCode).toBe(401)
    expect(again.json().error).toBe('Unknown, expired or already used nonce')

    const original = await message(alice)
    const tampered = original.replace('Sign in to the test app', 'Send everything to bob')
    const response = await signIn(tampered, await sign(0, original))
    expect(response.statusCode).toBe(401)
  })

  it('a cluster the server does not serve, or a message that is not one, is refused with the reason', async () => {
    const mainnet = await message(alice, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    const refused = await signIn(mainnet, await sign(0, mainnet))
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toBe('Chain solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp is not supported')

    const noAddress = `app.test wants you to sign in with your Solana account:\n0xnot-base58\n\nURI: ${ORIGIN}/`
    const bad = await signIn(noAddress, await sign(0, noAddress))
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe('The message’s address is not a Solana address')
  })

  it('a session is revoked with the address’s ed25519 signature, not another’s', async () => {
    const text = await message(bob)
    const { token, session } = (await signIn(text, await sign(1, text))).json()
    const revoke = async (index: number) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/sessions/${bob}/revoke${query}`,
        payload: { pci: session.id, signature: await sign(index, revokeSessionMessage(session.id)) },
      })
    expect((await revoke(0)).statusCode).toBe(401)
    const revoked = await revoke(1)
    expect(revoked.statusCode).toBe(200)
    const listed = await t.app.inject({
      url: `/v1/sessions/${bob}${query}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(listed.statusCode).toBe(401)
  })
})
