import {
  type Address,
  address,
  type Base64EncodedWireTransaction,
  createSolanaRpc,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase64Encoder,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  type Rpc,
  type Signature,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  type SolanaRpcApi,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solanaTestAddresses } from './accounts.ts'
import { solanaTestAccountLamports } from './genesis.ts'
import { type SolanaLocalChain, startSolanaChain } from './server.ts'
import { signTestTransaction, testSigner } from './testing.ts'
import { solanaMintedUnitsPerAccount, solanaTestToken } from './token.ts'

const mint = address(solanaTestToken.address)
const fee = 5_000n

let solana: SolanaLocalChain
let rpc: Rpc<SolanaRpcApi>

beforeAll(async () => {
  solana = await startSolanaChain({ port: 0 })
  rpc = createSolanaRpc(solana.rpcUrl)
})
afterAll(() => solana.stop())

async function tokenAccountOf(owner: Address): Promise<Address> {
  const [tokenAccount] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return tokenAccount
}

async function send(feePayer: KeyPairSigner, instructions: Parameters<typeof signTestTransaction>[2]) {
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const signed = await signTestTransaction(lifetime, feePayer, instructions)
  const signature = await rpc
    .sendTransaction(signed.base64 as Base64EncodedWireTransaction, { encoding: 'base64' })
    .send()
  return { ...signed, signature }
}

const solTransfer = (source: KeyPairSigner, destination: Address, amount: bigint) =>
  getTransferSolInstruction({ source, destination, amount })

describe('the local Solana chain over JSON-RPC', () => {
  // The first test: no other has spent from the accounts yet.
  it('starts every test account with 1,000 SOL and 1,000,000 LUSD-SOL', async () => {
    for (const owner of solanaTestAddresses.map((item) => address(item))) {
      expect((await rpc.getBalance(owner).send()).value).toBe(solanaTestAccountLamports)
      const balance = await rpc.getTokenAccountBalance(await tokenAccountOf(owner)).send()
      expect(balance.value).toEqual({
        amount: solanaMintedUnitsPerAccount.toString(),
        decimals: 6,
        uiAmount: 1_000_000,
        uiAmountString: '1000000',
      })
    }
    const supply = await rpc.getTokenSupply(mint).send()
    expect(supply.value.amount).toBe((solanaMintedUnitsPerAccount * 10n).toString())
    const mintAccount = await rpc.getAccountInfo(mint, { encoding: 'jsonParsed' }).send()
    expect(mintAccount.value?.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6, isInitialized: true, freezeAuthority: null } },
      space: 82n,
    })
  })

  it('moves 0.1 SOL from account 0 to account 1, the sender paying the 5,000-lamport fee', async () => {
    const sender = await testSigner(0)
    const receiver = address(solanaTestAddresses[1]!)
    const amount = 100_000_000n
    const [senderBefore, receiverBefore] = await Promise.all([
      rpc.getBalance(sender.address).send(),
      rpc.getBalance(receiver).send(),
    ])
    const { signature } = await send(sender, [solTransfer(sender, receiver, amount)])
    const statuses = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses.value[0]).toMatchObject({
      confirmationStatus: 'finalized',
      err: null,
      confirmations: null,
    })
    expect((await rpc.getBalance(sender.address).send()).value).toBe(senderBefore.value - amount - fee)
    expect((await rpc.getBalance(receiver).send()).value).toBe(receiverBefore.value + amount)
  })

  it('sends 5 LUSD-SOL to a fresh address, creating its token account in the same transaction', async () => {
    const sender = await testSigner(2)
    const receiver = (await generateKeyPairSigner()).address
    const receiverTokenAccount = await tokenAccountOf(receiver)
    const { signature } = await send(sender, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: sender,
        ata: receiverTokenAccount,
        owner: receiver,
        mint,
      }),
      getTransferCheckedInstruction({
        source: await tokenAccountOf(sender.address),
        mint,
        destination: receiverTokenAccount,
        authority: sender,
        amount: 5_000_000n,
        decimals: 6,
      }),
    ])

    const owned = await rpc.getTokenAccountsByOwner(receiver, { mint }, { encoding: 'jsonParsed' }).send()
    expect(owned.value).toHaveLength(1)
    expect(owned.value[0]!.pubkey).toBe(receiverTokenAccount)
    expect(owned.value[0]!.account.data.parsed.info).toMatchObject({
      mint,
      owner: receiver,
      state: 'initialized',
      isNative: false,
      tokenAmount: { amount: '5000000', decimals: 6, uiAmount: 5, uiAmountString: '5' },
    })
    const raw = await rpc
      .getTokenAccountsByOwner(receiver, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' })
      .send()
    expect(getBase64Encoder().encode(raw.value[0]!.account.data[0])).toHaveLength(165)

    const transaction = await rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    expect(transaction?.version).toBe(0)
    expect(transaction?.meta?.err).toBeNull()
    expect(transaction?.meta?.fee).toBe(fee)
    const keys = transaction!.transaction.message.accountKeys
    const senderIndex = keys.indexOf(await tokenAccountOf(sender.address))
    const receiverIndex = keys.indexOf(receiverTokenAccount)
    expect(transaction?.meta?.preTokenBalances).toEqual([
      expect.objectContaining({ accountIndex: senderIndex, owner: sender.address, mint }),
    ])
    // Kit orders the account keys by address within each role, so either token account may come first.
    expect(transaction?.meta?.postTokenBalances).toHaveLength(2)
    expect(transaction?.meta?.postTokenBalances).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          accountIndex: senderIndex,
          uiTokenAmount: expect.objectContaining({
            amount: (solanaMintedUnitsPerAccount - 5_000_000n).toString(),
          }),
        }),
        {
          accountIndex: receiverIndex,
          mint,
          owner: receiver,
          programId: TOKEN_PROGRAM_ADDRESS,
          uiTokenAmount: { amount: '5000000', decimals: 6, uiAmount: 5, uiAmountString: '5' },
        },
      ]),
    )
    expect(transaction?.meta?.preBalances[receiverIndex]).toBe(0n)
    expect(transaction?.meta?.postBalances[receiverIndex]).toBe(2_039_280n)

    const parsed = await rpc
      .getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })
      .send()
    expect(parsed?.transaction.message.accountKeys[0]).toEqual({
      pubkey: sender.address,
      signer: true,
      source: 'transaction',
      writable: true,
    })
    expect(parsed?.transaction.message.instructions[1]).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'transferChecked',
        info: {
          authority: sender.address,
          destination: receiverTokenAccount,
          mint,
          tokenAmount: { amount: '5000000' },
        },
      },
    })
    expect(parsed?.transaction.message.instructions[0]).toMatchObject({
      program: 'spl-associated-token-account',
      parsed: { type: 'createIdempotent', info: { wallet: receiver, account: receiverTokenAccount } },
    })
  })

  it("lists an address's signatures newest first, with before, until and limit", async () => {
    const sender = await testSigner(3)
    const receiver = address(solanaTestAddresses[4]!)
    const first = await send(sender, [solTransfer(sender, receiver, 1_000_000n)])
    const second = await send(sender, [solTransfer(sender, receiver, 2_000_000n)])
    const listed = await rpc.getSignaturesForAddress(sender.address).send()
    expect(listed.slice(0, 2).map((entry) => entry.signature)).toEqual([second.signature, first.signature])
    expect(listed[0]).toEqual({
      blockTime: expect.any(BigInt),
      confirmationStatus: 'finalized',
      err: null,
      memo: null,
      signature: second.signature,
      slot: expect.any(BigInt),
    })
    expect(listed[0]!.slot).toBe(listed[1]!.slot + 1n)
    // The genesis airdrop and the token account made for it come before.
    expect(listed).toHaveLength(4)
    const before = await rpc
      .getSignaturesForAddress(sender.address, { before: second.signature as Signature, limit: 1 })
      .send()
    expect(before.map((entry) => entry.signature)).toEqual([first.signature])
    const until = await rpc
      .getSignaturesForAddress(sender.address, { until: first.signature as Signature })
      .send()
    expect(until.map((entry) => entry.signature)).toEqual([second.signature])
  })

  it('answers a transaction that would fail with -32002, its logs and cause, and records nothing', async () => {
    const sender = await testSigner(5)
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const tooMuch = await signTestTransaction(lifetime, sender, [
      solTransfer(sender, address(solanaTestAddresses[1]!), solanaTestAccountLamports * 2n),
    ])
    const sending = rpc
      .sendTransaction(tooMuch.base64 as Base64EncodedWireTransaction, { encoding: 'base64' })
      .send()
    const error = await sending.catch((caught: unknown) => caught)
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true)
    if (!isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)) return
    expect(error.context.logs?.join('\n')).toContain('insufficient lamports')
    expect(isSolanaError(error.cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)).toBe(true)
    expect((await rpc.getSignatureStatuses([tooMuch.signature as Signature]).send()).value).toEqual([null])
    expect((await rpc.getBalance(sender.address).send()).value).toBe(solanaTestAccountLamports)

    // Without preflight it lands, failed, and pays its fee.
    await rpc
      .sendTransaction(tooMuch.base64 as Base64EncodedWireTransaction, {
        encoding: 'base64',
        skipPreflight: true,
      })
      .send()
    const status = (await rpc.getSignatureStatuses([tooMuch.signature as Signature]).send()).value[0]
    expect(status?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    const recorded = await rpc
      .getTransaction(tooMuch.signature as Signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    expect(recorded?.meta?.status).toEqual({ Err: { InstructionError: [0n, { Custom: 1n }] } })
    expect((await rpc.getBalance(sender.address).send()).value).toBe(solanaTestAccountLamports - fee)
  })

  it('lands two identical transfers sent one after the other, and refuses the same bytes twice', async () => {
    const sender = await testSigner(1)
    const receiver = address(solanaTestAddresses[6]!)
    const before = (await rpc.getBalance(receiver).send()).value
    const first = await send(sender, [solTransfer(sender, receiver, 1_000_000n)])
    const second = await send(sender, [solTransfer(sender, receiver, 1_000_000n)])
    // Each read its own blockhash: the chain moves it on with every slot, as a cluster does.
    expect(second.signature).not.toBe(first.signature)
    expect((await rpc.getBalance(receiver).send()).value).toBe(before + 2_000_000n)

    const again = await rpc
      .sendTransaction(first.base64 as Base64EncodedWireTransaction, { encoding: 'base64' })
      .send()
      .catch((caught: unknown) => caught)
    expect(
      isSolanaError(again, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true)
    expect(isSolanaError((again as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED)).toBe(
      true,
    )
    // A client rebroadcasting without preflight gets its signature back; nothing runs twice.
    const rebroadcast = await rpc
      .sendTransaction(first.base64 as Base64EncodedWireTransaction, {
        encoding: 'base64',
        skipPreflight: true,
      })
      .send()
    expect(rebroadcast).toBe(first.signature)
    expect((await rpc.getBalance(receiver).send()).value).toBe(before + 2_000_000n)
  })

  it('lands a transaction signed against a blockhash other transactions have since replaced', async () => {
    const sender = await testSigner(4)
    const receiver = address(solanaTestAddresses[7]!)
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const signedEarly = await signTestTransaction(lifetime, sender, [
      solTransfer(sender, receiver, 3_000_000n),
    ])
    await send(sender, [solTransfer(sender, receiver, 1_000_000n)])
    expect((await rpc.getLatestBlockhash().send()).value.blockhash).not.toBe(lifetime.blockhash)
    expect((await rpc.isBlockhashValid(lifetime.blockhash).send()).value).toBe(true)
    const signature = await rpc
      .sendTransaction(signedEarly.base64 as Base64EncodedWireTransaction, { encoding: 'base64' })
      .send()
    expect((await rpc.getSignatureStatuses([signature]).send()).value[0]?.err).toBeNull()
  })

  it('simulates an unsigned transaction, showing the accounts as it would leave them', async () => {
    const sender = await testSigner(8)
    const receiver = (await generateKeyPairSigner()).address
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const signed = await signTestTransaction(lifetime, sender, [solTransfer(sender, receiver, 7_000_000n)])
    const unsigned = new Uint8Array(signed.wire)
    unsigned.fill(0, 1, 65)
    const simulation = await rpc
      .simulateTransaction(Buffer.from(unsigned).toString('base64') as Base64EncodedWireTransaction, {
        encoding: 'base64',
        accounts: { addresses: [receiver], encoding: 'base64' },
      })
      .send()
    expect(simulation.value.err).toBeNull()
    expect(simulation.value.logs).toContain('Program 11111111111111111111111111111111 success')
    expect(simulation.value.accounts?.[0]?.lamports).toBe(7_000_000n)
    expect((await rpc.getBalance(receiver).send()).value).toBe(0n)
    const verified = rpc
      .simulateTransaction(Buffer.from(unsigned).toString('base64') as Base64EncodedWireTransaction, {
        encoding: 'base64',
        sigVerify: true,
      })
      .send()
    await expect(verified).rejects.toThrow()
  })

  it('answers the cluster methods a client asks at start', async () => {
    const slot = await rpc.getSlot().send()
    expect(await rpc.getBlockHeight().send()).toBe(slot)
    expect(await rpc.getEpochInfo().send()).toMatchObject({
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: 0n,
    })
    expect(await rpc.getGenesisHash().send()).toBe(solana.genesisHash)
    expect(solana.caipNetworkId).toBe(`solana:${solana.genesisHash.slice(0, 32)}`)
    expect(await rpc.getHealth().send()).toBe('ok')
    expect((await rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n)
    expect(await rpc.getRecentPrioritizationFees().send()).toEqual([])
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    expect(lifetime.lastValidBlockHeight).toBe(slot + 150n)
  })

  it('airdrops up to 1,000 SOL per request', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const signature = await rpc.requestAirdrop(receiver, lamports(2_000_000_000n)).send()
    expect((await rpc.getSignatureStatuses([signature]).send()).value[0]?.err).toBeNull()
    expect((await rpc.getBalance(receiver).send()).value).toBe(2_000_000_000n)
    await expect(rpc.requestAirdrop(receiver, lamports(1_001_000_000_000n)).send()).rejects.toThrow(
      /1,000 SOL/,
    )
  })

  it('reads several accounts at once in each encoding', async () => {
    const owner = address(solanaTestAddresses[9]!)
    const tokenAccount = await tokenAccountOf(owner)
    const missing = (await generateKeyPairSigner()).address
    const parsed = await rpc
      .getMultipleAccounts([owner, tokenAccount, missing], { encoding: 'jsonParsed' })
      .send()
    expect(parsed.value[0]).toMatchObject({
      data: ['', 'base64'],
      lamports: solanaTestAccountLamports,
      space: 0n,
    })
    expect(parsed.value[1]?.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'account' },
      space: 165n,
    })
    expect(parsed.value[2]).toBeNull()
    const base58 = await rpc.getMultipleAccounts([mint], { encoding: 'base58' }).send()
    expect(base58.value[0]?.data[1]).toBe('base58')
    const sliced = await rpc
      .getAccountInfo(tokenAccount, { encoding: 'base64', dataSlice: { offset: 32, length: 32 } })
      .send()
    expect(getBase64Encoder().encode(sliced.value!.data[0])).toEqual(getAddressEncoder().encode(owner))
  })
})
