import { address, generateKeyPairSigner, getTransactionDecoder, lamports } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { LiteSVM } from 'litesvm'
import { beforeEach, describe, expect, it } from 'vitest'
import { maxBlockhashAge, SolanaChain, solanaFaucetAddress } from './chain.ts'
import { seedSolanaChain, solanaTestAccountLamports } from './genesis.ts'
import { signTestTransaction, testSigner } from './testing.ts'

const recipient = address('AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD')

async function transfer(chain: SolanaChain, amount: bigint, lifetime = chain.latestBlockhash()) {
  const sender = await testSigner(0)
  return signTestTransaction(lifetime, sender, [
    getTransferSolInstruction({ source: sender, destination: recipient, amount }),
  ])
}

describe('SolanaChain', () => {
  let chain: SolanaChain
  beforeEach(async () => {
    chain = await SolanaChain.create()
    await seedSolanaChain(chain)
  })

  it('starts at slot 12 after genesis: every test account funded, the faucet paying', () => {
    expect(chain.slot).toBe(12n)
    expect(chain.svm.getBalance(recipient)).toBe(solanaTestAccountLamports)
    expect(chain.history.forAddress(solanaFaucetAddress, { limit: 10 })).toHaveLength(1)
  })

  it('advances the slot, the clock and the blockhash with each transaction', async () => {
    const before = chain.latestBlockhash()
    const result = chain.sendTransaction((await transfer(chain, 1_000_000n)).wire, { preflight: true })
    expect(result.status).toBe('recorded')
    expect(chain.slot).toBe(13n)
    expect(chain.svm.getClock().slot).toBe(13n)
    expect(Number(chain.svm.getClock().unixTimestamp)).toBeCloseTo(Date.now() / 1000, -1)
    expect(chain.latestBlockhash().blockhash).not.toBe(before.blockhash)
    expect(chain.latestBlockhash().lastValidBlockHeight).toBe(13n + maxBlockhashAge)
  })

  // litesvm itself only accepts its latest blockhash: a wallet's transaction signed just before another one
  // lands would fail if the chain expired it. The chain keeps the last 150 instead, as a cluster does.
  it('accepts a blockhash for 150 slots after the one it was latest in, where litesvm alone refuses it', async () => {
    const bare = new LiteSVM()
    const sender = await testSigner(0)
    bare.airdrop(sender.address, lamports(10_000_000_000n))
    const stale = { blockhash: bare.latestBlockhash(), lastValidBlockHeight: 0n }
    bare.expireBlockhash()
    const refused = bare.sendTransaction(
      getTransactionDecoder().decode(
        (
          await signTestTransaction(stale, sender, [
            getTransferSolInstruction({ source: sender, destination: recipient, amount: 1_000_000n }),
          ])
        ).wire,
      ),
    )
    expect('err' in refused && refused.err()).toBe(7) // BlockhashNotFound

    const old = chain.latestBlockhash()
    const signedEarly = await transfer(chain, 2_000_000n, old)
    chain.sendTransaction((await transfer(chain, 3_000_000n)).wire, { preflight: true })
    expect(chain.isBlockhashValid(old.blockhash)).toBe(true)
    expect(chain.sendTransaction(signedEarly.wire, { preflight: true }).status).toBe('recorded')

    const tooOld = await transfer(chain, 4_000_000n, old)
    while (chain.slot <= old.lastValidBlockHeight) await chain.airdrop(recipient, 10n ** 9n)
    expect(chain.slot).toBe(old.lastValidBlockHeight + 1n)
    expect(chain.isBlockhashValid(old.blockhash)).toBe(false)
    expect(chain.sendTransaction(tooOld.wire, { preflight: true })).toMatchObject({
      status: 'rejected',
      err: 'BlockhashNotFound',
    })
  })

  it('refuses the same transaction twice, and lands an identical transfer built after the first', async () => {
    const first = await transfer(chain, 1_000_000n)
    expect(chain.sendTransaction(first.wire, { preflight: true }).status).toBe('recorded')
    expect(chain.sendTransaction(first.wire, { preflight: false })).toMatchObject({
      status: 'rejected',
      err: 'AlreadyProcessed',
    })
    const second = await transfer(chain, 1_000_000n)
    expect(second.signature).not.toBe(first.signature)
    expect(chain.sendTransaction(second.wire, { preflight: true }).status).toBe('recorded')
  })

  it('rejects a failing transaction in preflight, and records it failed, fee charged, without', async () => {
    const tooMuch = await transfer(chain, solanaTestAccountLamports * 2n)
    const sender = (await testSigner(0)).address
    const rejected = chain.sendTransaction(tooMuch.wire, { preflight: true })
    expect(rejected).toMatchObject({ status: 'rejected', err: { InstructionError: [0, { Custom: 1 }] } })
    expect(chain.svm.getBalance(sender)).toBe(solanaTestAccountLamports)
    expect(chain.slot).toBe(12n)

    const landed = chain.sendTransaction(tooMuch.wire, { preflight: false })
    if (landed.status !== 'recorded') throw new Error('expected the failing transaction to land')
    expect(landed.record.meta).toMatchObject({ err: { InstructionError: [0, { Custom: 1 }] }, fee: 5_000n })
    expect(landed.record.meta.logMessages.join('\n')).toContain('insufficient lamports')
    expect(chain.svm.getBalance(sender)).toBe(solanaTestAccountLamports - 5_000n)
  })

  it('drops a transaction whose fee payer cannot pay, recording nothing', async () => {
    const broke = await generateKeyPairSigner()
    const tx = await signTestTransaction(chain.latestBlockhash(), broke, [
      getTransferSolInstruction({ source: broke, destination: recipient, amount: 1n }),
    ])
    expect(chain.sendTransaction(tx.wire, { preflight: false })).toMatchObject({
      status: 'rejected',
      err: 'AccountNotFound',
    })
    expect(chain.history.get(tx.signature)).toBeUndefined()
  })

  it('keeps at most its capacity of history, forgetting the oldest transactions everywhere', async () => {
    const small = await SolanaChain.create({ historyCapacity: 200 })
    const signatures: string[] = []
    for (let index = 0; index < 205; index++) signatures.push(await small.airdrop(recipient, 10n ** 9n))
    expect(small.history.size).toBe(200)
    expect(small.history.total).toBe(205n)
    expect(small.history.get(signatures[4]!)).toBeUndefined()
    expect(small.history.get(signatures[5]!)).toBeDefined()
    const listed = small.history.forAddress(recipient, { limit: 1000 }).map((record) => record.signature)
    expect(listed).toEqual(signatures.slice(5).reverse())
  })
})
