// First: the page's window, before the Wallet Standard's modules are evaluated.
import '../test/support/pageWindow.ts'
import {
  BaseError,
  type ChainAdapter,
  ChainNotConfiguredError,
  type Connector,
  toRpcError,
  UserRejectedRequestError,
} from '@latch/core'
import {
  address,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getUtf8Encoder,
  isSignature,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { solanaTestAddresses } from '../../devnet/src/solana/accounts.ts'
import { solanaTestToken } from '../../devnet/src/solana/token.ts'
import { type DevSolanaWalletSetup, startDevSolanaWallet } from '../test/support/devSolanaWallet.ts'
import { createSolanaAdapter } from './adapter.ts'
import { solana, solanaDevnet, solanaLocalnet } from './networks.ts'

const connectorId = 'solana:Latch Dev Wallet'
const [alice, bob] = solanaTestAddresses as [string, string]
const mint = solanaTestToken.address

let local: DevSolanaWalletSetup
let localnet: ReturnType<typeof solanaLocalnet>
let rpc: ReturnType<typeof createSolanaRpc>

beforeAll(async () => {
  local = await startDevSolanaWallet()
  localnet = solanaLocalnet(local.chain.rpcUrl)
  rpc = createSolanaRpc(local.chain.rpcUrl)
})
afterAll(() => local.stop())
beforeEach(() => local.reset())

/** A fresh page's adapter; mainnet first, so reporting the network the wallet serves is a choice it makes. */
const createAdapter = (): ChainAdapter =>
  createSolanaAdapter({ networks: [solana, localnet] }, { connectorWaitMs: 200 })

async function connected() {
  const adapter = createAdapter()
  await adapter.connect({ connectorId })
  local.confirm.mockClear()
  return adapter
}

const freshAddress = async () => (await generateKeyPairSigner()).address
const lamports = async (owner: string) => (await rpc.getBalance(address(owner)).send()).value
async function tokenUnits(owner: string): Promise<bigint | undefined> {
  const [ata] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const { value } = await rpc.getAccountInfo(ata, { encoding: 'base64' }).send()
  if (!value) return undefined
  return BigInt((await rpc.getTokenAccountBalance(ata).send()).value.amount)
}
/** What the chain knows of a transaction; the test fails unless `value` is a base58 signature (64 bytes). */
async function statusOf(value: string) {
  if (!isSignature(value)) throw new Error(`${value} is not a base58 transaction signature`)
  const { value: statuses } = await rpc.getSignatureStatuses([value]).send()
  return statuses[0]
}
const tokenAccountRent = async () => rpc.getMinimumBalanceForRentExemption(165n).send()

/** A Wallet Standard wallet with only the given chains and features. */
function walletWith(name: string, chains: Wallet['chains'], features: string[]): Wallet {
  return {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains,
    accounts: [],
    features: Object.fromEntries(features.map((feature) => [feature, { version: '1.0.0' }])),
  }
}

describe('discovery', () => {
  it('lists the Dev Wallet registered in the page as an ANNOUNCED solana connector', () => {
    const lists: (readonly Connector[])[] = []
    const stop = createAdapter().watchConnectors((list) => lists.push(list))
    stop()
    expect(lists.at(-1)).toEqual([
      {
        id: connectorId,
        name: 'Latch Dev Wallet',
        type: 'ANNOUNCED',
        chain: 'solana',
        imageUrl: local.wallet.icon,
        provider: local.wallet,
      },
    ])
  })

  it('leaves out wallets that cannot send Solana transactions or name no Solana chain', () => {
    const unregister = getWallets().register(
      walletWith('No Send', ['solana:localnet'], ['standard:connect', 'solana:signMessage']),
      walletWith('Ethereum Only', ['eip155:1'], ['standard:connect', 'solana:signAndSendTransaction']),
      walletWith('Other', ['solana:devnet'], ['standard:connect', 'solana:signAndSendTransaction']),
    )
    try {
      const lists: (readonly Connector[])[] = []
      const stop = createAdapter().watchConnectors((list) => lists.push(list))
      stop()
      expect(lists.at(-1)?.map((c) => c.id)).toEqual([connectorId, 'solana:Other'])
    } finally {
      unregister()
    }
  })
})

describe('connect and reconnect', () => {
  it('asks the wallet once and reports its account on the network it serves', async () => {
    const result = await createAdapter().connect({ connectorId })
    expect(result).toEqual({ accounts: [alice], chainId: 'B3a6eJyjz4Nhac9rNdEn8s1tXP2C949m' })
    expect(local.confirm).toHaveBeenCalledTimes(1)
    // The network reported is the chain's own: its genesis hash starts with that id.
    expect(await rpc.getGenesisHash().send()).toMatch(/^B3a6eJyjz4Nhac9rNdEn8s1tXP2C949m/)
  })

  it('rejects when the visitor declines, with an error core maps to UserRejectedRequestError', async () => {
    local.confirm.mockRejectedValueOnce(
      Object.assign(new Error('User rejected the request.'), { code: 4001 }),
    )
    const error = await createAdapter()
      .connect({ connectorId })
      .catch((e: unknown) => e)
    expect(toRpcError(error)).toBeInstanceOf(UserRejectedRequestError)
    await expect(createAdapter().reconnect({ connectorId })).resolves.toBeUndefined()
  })

  it('reconnects silently once the site is authorised, and answers undefined before', async () => {
    await expect(createAdapter().reconnect({ connectorId })).resolves.toBeUndefined()
    expect(local.confirm).not.toHaveBeenCalled()
    await createAdapter().connect({ connectorId })
    local.confirm.mockClear()
    await expect(createAdapter().reconnect({ connectorId })).resolves.toEqual({
      accounts: [alice],
      chainId: localnet.id,
    })
    expect(local.confirm).not.toHaveBeenCalled()
  })
})

describe('getBalance', () => {
  it('rejects with BalanceUnavailableError for an address that is not one, and for a node that does not answer', async () => {
    const adapter = createSolanaAdapter({ networks: [localnet] })
    await expect(adapter.getBalance({ address: 'not-an-address', network: localnet })).rejects.toMatchObject({
      name: 'BalanceUnavailableError',
    })
    const away = solanaLocalnet('http://127.0.0.1:9')
    const offline = createSolanaAdapter({ networks: [away] }, { rpcTimeoutMs: 2000 })
    await expect(offline.getBalance({ address: alice, network: away })).rejects.toMatchObject({
      name: 'BalanceUnavailableError',
    })
  })

  it('reads an untouched test account: 1,000 SOL in lamports', async () => {
    const untouched = solanaTestAddresses[9]!
    await expect(createAdapter().getBalance({ address: untouched, network: localnet })).resolves.toEqual({
      value: 1_000_000_000_000n,
      decimals: 9,
      symbol: 'SOL',
    })
  })
})

describe('prepareTransfer', () => {
  it('costs a SOL transfer the signature fee', async () => {
    const to = await freshAddress()
    const prepared = await createAdapter().prepareTransfer({ network: localnet, from: alice, to, amount: 1n })
    expect(prepared).toEqual({ to, value: 1n, gas: 5000n, gasPrice: 1n })
  })

  it("adds the receiver's token account deposit when it has none yet", async () => {
    const to = await freshAddress()
    const prepared = await createAdapter().prepareTransfer({
      network: localnet,
      from: alice,
      to,
      amount: 5_000_000n,
      token: mint,
    })
    expect(prepared).toEqual({
      to,
      value: 5_000_000n,
      token: mint,
      gas: 5000n + (await tokenAccountRent()),
      gasPrice: 1n,
    })
    expect(prepared.gas).toBeGreaterThan(5000n)
  })

  it('costs a token transfer the signature fee when the receiver has a token account', async () => {
    const prepared = await createAdapter().prepareTransfer({
      network: localnet,
      from: alice,
      to: bob,
      amount: 5_000_000n,
      token: mint,
    })
    expect(prepared.gas).toBe(5000n)
  })
})

describe('sendTransaction', () => {
  it('sends 0.1 SOL: the receiver gets it, the sender pays it and the fee', async () => {
    const adapter = await connected()
    const to = await freshAddress()
    const before = await lamports(alice)
    const signature = await adapter.sendTransaction({
      connectorId,
      network: localnet,
      from: alice,
      to,
      value: 100_000_000n,
    })
    expect(local.confirm).toHaveBeenCalledTimes(1)
    expect(await statusOf(signature)).toMatchObject({ err: null })
    expect(await lamports(to)).toBe(100_000_000n)
    expect(before - (await lamports(alice))).toBe(100_000_000n + 5000n)
  })

  it('sends 5 LUSD-SOL to a fresh address, creating its token account at the prepared cost', async () => {
    const adapter = await connected()
    const to = await freshAddress()
    const { gas } = await adapter.prepareTransfer({
      network: localnet,
      from: alice,
      to,
      amount: 5_000_000n,
      token: mint,
    })
    const [lamportsBefore, unitsBefore] = await Promise.all([lamports(alice), tokenUnits(alice)])
    expect(await tokenUnits(to)).toBeUndefined()
    const signature = await adapter.sendTransaction({
      connectorId,
      network: localnet,
      from: alice,
      to,
      value: 5_000_000n,
      token: mint,
    })
    expect(await statusOf(signature)).toMatchObject({ err: null })
    expect(await tokenUnits(to)).toBe(5_000_000n)
    expect(unitsBefore! - (await tokenUnits(alice))!).toBe(5_000_000n)
    expect(lamportsBefore - (await lamports(alice))).toBe(gas)
  })

  it('rejects an invalid receiver before asking the wallet', async () => {
    const adapter = await connected()
    for (const token of [undefined, mint]) {
      const error = await adapter
        .sendTransaction({
          connectorId,
          network: localnet,
          from: alice,
          to: 'not-an-address',
          value: 1n,
          token,
        })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(BaseError)
      expect((error as BaseError).shortMessage).toBe('Invalid address')
      await expect(
        adapter.prepareTransfer({ network: localnet, from: alice, to: 'not-an-address', amount: 1n, token }),
      ).rejects.toMatchObject({ shortMessage: 'Invalid address' })
    }
    expect(local.confirm).not.toHaveBeenCalled()
  })

  it('refuses SOL below the rent-exempt minimum to an account that does not exist, before asking the wallet', async () => {
    const adapter = await connected()
    const error = await adapter
      .sendTransaction({ connectorId, network: localnet, from: alice, to: await freshAddress(), value: 1n })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BaseError)
    expect((error as BaseError).shortMessage).toBe('Amount too small for a new account')
    expect(local.confirm).not.toHaveBeenCalled()
  })

  it('rejects call data (Solana transfers take none) before asking the wallet', async () => {
    const adapter = await connected()
    const to = await freshAddress()
    const error = await adapter
      .sendTransaction({
        connectorId,
        network: localnet,
        from: alice,
        to,
        value: 100_000_000n,
        data: '0x1234',
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BaseError)
    expect((error as BaseError).shortMessage).toBe('Invalid transaction')
    expect(local.confirm).not.toHaveBeenCalled()
    expect(await lamports(to)).toBe(0n)
  })
})

describe('signMessage', () => {
  it("returns a base58 ed25519 signature of the message's UTF-8 bytes by the account", async () => {
    const adapter = await connected()
    const message = 'Sign in to Latch ✓'
    const signature = await adapter.signMessage({ connectorId, address: alice, message })
    expect(local.confirm).toHaveBeenCalledTimes(1)
    const bytes = new Uint8Array(getBase58Encoder().encode(signature)) as SignatureBytes
    expect(bytes).toHaveLength(64)
    const key = await getPublicKeyFromAddress(address(alice))
    expect(await verifySignature(key, bytes, getUtf8Encoder().encode(message))).toBe(true)
    expect(await verifySignature(key, bytes, getUtf8Encoder().encode('Sign in to Latch'))).toBe(false)
  })
})

describe('switchNetwork', () => {
  it('resolves for a configured network the wallet serves', async () => {
    const adapter = await connected()
    await expect(adapter.switchNetwork({ connectorId, network: localnet })).resolves.toBeUndefined()
  })

  it('rejects with ChainNotConfiguredError for a network the app did not configure', async () => {
    const adapter = await connected()
    await expect(adapter.switchNetwork({ connectorId, network: solanaDevnet })).rejects.toBeInstanceOf(
      ChainNotConfiguredError,
    )
  })

  it('rejects with 4902 for a configured network the wallet does not serve', async () => {
    const adapter = await connected()
    await expect(adapter.switchNetwork({ connectorId, network: solana })).rejects.toMatchObject({
      code: 4902,
    })
  })
})

describe('watchConnection', () => {
  it("reports the wallet's newly selected account, then [] after disconnect", async () => {
    const adapter = await connected()
    const events: unknown[] = []
    const stop = adapter.watchConnection(connectorId, (event) => events.push(event))
    try {
      local.selectAccount(1)
      expect(events).toEqual([{ type: 'accountsChanged', accounts: [bob] }])
      await adapter.disconnect({ connectorId })
      expect(events).toEqual([
        { type: 'accountsChanged', accounts: [bob] },
        { type: 'accountsChanged', accounts: [] },
      ])
    } finally {
      stop()
    }
  })
})
