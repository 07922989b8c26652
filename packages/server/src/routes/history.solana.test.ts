import { solanaLocalCaipNetworkId, solanaTestSeeds, solanaTestToken } from '@latch/devnet'
import { address, createKeyPairSignerFromPrivateKeyBytes, generateKeyPairSigner } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type BlockchainTestApp, createBlockchainTestApp } from '../../test/support/blockchainApp.ts'
import { HISTORY_PAGE_SIZE } from './history.ts'

// A Solana account's history, read from the local chain's RPC: transfers made here with @solana/kit, as a wallet
// would, appear newest first with their amounts, directions and prices.

let t: BlockchainTestApp
beforeAll(async () => {
  t = await createBlockchainTestApp()
}, 60_000)
afterAll(() => t?.close())

const S = solanaLocalCaipNetworkId
const mint = address(solanaTestToken.address)
const hexBytes = (hex: string) => new Uint8Array(hex.match(/../g)!.map((byte) => Number.parseInt(byte, 16)))
const history = (account: string, query = '') => t.app.inject(`/v1/account/${account}/history${query}`)

describe('GET /v1/account/:account/history for a Solana address', () => {
  test('a SOL and an LUSD-SOL transfer, newest first, as the sender and the receiver see them', async () => {
    const sender = await createKeyPairSignerFromPrivateKeyBytes(hexBytes(solanaTestSeeds[8]!))
    const receiver = (await generateKeyPairSigner()).address
    const chain = t.solana.chain
    await chain.signAndSend(sender, [
      getTransferSolInstruction({ source: sender, destination: receiver, amount: 250_000_000n }),
    ])
    const [[from], [to]] = await Promise.all([
      findAssociatedTokenPda({ owner: sender.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      findAssociatedTokenPda({ owner: receiver, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    ])
    await chain.signAndSend(sender, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: sender, ata: to, owner: receiver, mint }),
      getTransferCheckedInstruction({
        source: from,
        mint,
        destination: to,
        authority: sender,
        amount: 5_000_000n,
        decimals: 6,
      }),
    ])

    const received = await history(receiver, `?chainId=${S}`)
    expect(received.statusCode, received.body).toBe(200)
    const { data, next } = received.json()
    expect(next).toBeNull()
    expect(data).toHaveLength(2)
    expect(data[0].metadata).toMatchObject({
      operationType: 'receive',
      status: 'confirmed',
      chain: S,
      sentFrom: sender.address,
    })
    expect(data[0].transfers).toEqual([
      {
        fungible_info: {
          name: 'Latch USD (Solana)',
          symbol: 'LUSD-SOL',
          icon: { url: expect.stringMatching(/LUSD-SOL$/) },
        },
        direction: 'in',
        quantity: { numeric: '5' },
        value: 5,
        price: 1,
      },
    ])
    expect(data[1].transfers).toEqual([
      {
        fungible_info: { name: 'Solana', symbol: 'SOL', icon: { url: expect.stringMatching(/SOL$/) } },
        direction: 'in',
        quantity: { numeric: '0.25' },
        value: 37.5,
        price: 150,
      },
    ])
    expect(data[0].id).toBe(`${S}:${data[0].metadata.hash}`)

    const sent = (await history(sender.address)).json().data
    expect(sent[0].metadata.operationType).toBe('send')
    expect(sent[0].metadata.sentTo).toBe(receiver)
    expect(sent[0].transfers[0]).toMatchObject({ direction: 'out', quantity: { numeric: '5' } })
  })

  test('pages of 20 by cursor, then the end; a bad cursor or a chain of the other namespace is refused', async () => {
    const sender = await createKeyPairSignerFromPrivateKeyBytes(hexBytes(solanaTestSeeds[9]!))
    const receiver = (await generateKeyPairSigner()).address
    for (let i = 1; i <= HISTORY_PAGE_SIZE + 2; i++)
      await t.solana.chain.signAndSend(sender, [
        getTransferSolInstruction({ source: sender, destination: receiver, amount: BigInt(i) * 1_000_000n }),
      ])
    const first = (await history(receiver)).json()
    expect(first.data).toHaveLength(HISTORY_PAGE_SIZE)
    expect(first.data[0].transfers[0].quantity.numeric).toBe('0.022')
    const second = (await history(receiver, `?cursor=${first.next}`)).json()
    expect(second.next).toBeNull()
    expect(
      second.data.map(
        (tx: { transfers: { quantity: { numeric: string } }[] }) => tx.transfers[0]!.quantity.numeric,
      ),
    ).toEqual(['0.002', '0.001'])

    const bad = await history(receiver, '?cursor=bm90LWEtY3Vyc29y')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ error: 'Invalid cursor', field: 'cursor' })
    const other = await history(receiver, '?chainId=eip155:31337')
    expect(other.statusCode).toBe(400)
    expect(other.json().field).toBe('chainId')
  })
})
