import { createHash, createHmac, pbkdf2Sync } from 'node:crypto'
import { createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey, getBase58Decoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { anvilMnemonic } from '../accounts.ts'
import { solanaTestAddresses, solanaTestSeeds } from './accounts.ts'
import { solanaFaucetAddress, solanaFaucetSeed } from './chain.ts'
import { solanaLocalCaipNetworkId, solanaLocalGenesisHash } from './network.ts'
import {
  solanaTestToken,
  solanaTestTokenAuthority,
  solanaTestTokenAuthoritySeed,
  solanaTestTokenMintSeed,
} from './token.ts'

const hardened = 0x8000_0000

/** SLIP-0010 ed25519: every level hardened, the child key from the parent's key and chain code. */
function deriveEd25519(seed: Uint8Array, path: readonly number[]): Buffer {
  let node = createHmac('sha512', 'ed25519 seed').update(seed).digest()
  for (const index of path) {
    const data = Buffer.alloc(37)
    node.copy(data, 1, 0, 32)
    data.writeUInt32BE((index + hardened) >>> 0, 33)
    node = createHmac('sha512', node.subarray(32)).update(data).digest()
  }
  return node.subarray(0, 32)
}

async function addressOf(seedHex: string): Promise<string> {
  const { publicKey } = await createKeyPairFromPrivateKeyBytes(Buffer.from(seedHex, 'hex'))
  return getAddressFromPublicKey(publicKey)
}

const sha256Hex = (label: string) => createHash('sha256').update(label).digest('hex')

describe('solana test accounts', () => {
  it("are m/44'/501'/i'/0' of anvil's mnemonic, as Phantom and Solflare derive them", () => {
    const seed = pbkdf2Sync(anvilMnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
    const derived = Array.from({ length: 10 }, (_, index) =>
      deriveEd25519(seed, [44, 501, index, 0]).toString('hex'),
    )
    expect(solanaTestSeeds).toEqual(derived)
  })

  it('has each address as the public key of its seed', async () => {
    expect(await Promise.all(solanaTestSeeds.map(addressOf))).toEqual(solanaTestAddresses)
  })
})

describe('solana fixed keys', () => {
  it('has the genesis hash as base58 of sha256("latch-solana-localnet") and the CAIP-2 id from it', () => {
    const hash = createHash('sha256').update('latch-solana-localnet').digest()
    expect(solanaLocalGenesisHash).toBe(getBase58Decoder().decode(hash))
    expect(solanaLocalCaipNetworkId).toBe(`solana:${solanaLocalGenesisHash.slice(0, 32)}`)
    expect(solanaLocalCaipNetworkId).toHaveLength('solana:'.length + 32)
  })

  it('derives the mint, its authority and the faucet from fixed labels', async () => {
    expect(solanaTestTokenMintSeed).toBe(sha256Hex('latch-solana-lusd-mint'))
    expect(solanaTestTokenAuthoritySeed).toBe(sha256Hex('latch-solana-lusd-mint-authority'))
    expect(solanaFaucetSeed).toBe(sha256Hex('latch-solana-faucet'))
    expect(await addressOf(solanaTestTokenMintSeed)).toBe(solanaTestToken.address)
    expect(await addressOf(solanaTestTokenAuthoritySeed)).toBe(solanaTestTokenAuthority)
    expect(await addressOf(solanaFaucetSeed)).toBe(solanaFaucetAddress)
  })
})
