// The bundler proxy and the paymaster against the real stack: a devnet chain with the canonical ERC-4337 contracts,
// alto behind the proxy, the VerifyingPaymaster, and permissionless as any dapp would use it — with its defaults and
// nothing but this server's two URLs.
import { anvilPrivateKeys, type Devnet, startDevnet } from '@latch/devnet'
import { createSmartAccountClient } from 'permissionless'
import { toSafeSmartAccount } from 'permissionless/accounts'
import { createPimlicoClient } from 'permissionless/clients/pimlico'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEventLogs,
  parseUnits,
} from 'viem'
import { createPaymasterClient, entryPoint07Abi, entryPoint07Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  proxyCreationCodeCall,
  safeAddress,
  safeContracts,
  safeFactoryData,
} from '../../../frame/src/safe.ts'
import { createTestApp, type TestApp } from '../../test/support/app.ts'
import { listeningUrl } from '../app.ts'
import { devnetBlockchainConfig, devnetSponsorshipPolicy, devnetTokens } from '../chains/defaults.ts'
import type { BlockchainConfig, SponsorshipPolicy } from '../chains/types.ts'
import { defaultProject } from '../defaults.ts'
import { createIndexer } from '../jobs/indexer.ts'

const lusd = devnetTokens.find((token) => token.symbol === 'LUSD')!.address

let devnet: Devnet
let t: TestApp
let url: string
let blockchainOf: BlockchainConfig
/** The default project's policy, changed by the cap test (a copy: the devnet's own stays as it is). */
const policy: SponsorshipPolicy = { ...devnetSponsorshipPolicy }
/** The server's clock runs this far ahead of the machine's (a test moves it on). */
let ahead = 0

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }], bundler: true })
  const [chain] = devnet.chains
  const blockchain = devnetBlockchainConfig({ rpcA: chain!.rpcUrl, bundlerA: chain!.bundlerUrl! })
  // Devnet B is served with a bundler nobody listens at.
  blockchain.chains[1]!.bundlerUrl = 'http://127.0.0.1:9'
  blockchain.sponsorship = { ...blockchain.sponsorship!, policies: { [defaultProject.id]: policy } }
  blockchainOf = blockchain
  t = await createTestApp({ blockchain, userOperations: { now: () => new Date(Date.now() + ahead) } })
  await t.storage.upsertProject(defaultProject)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  url = listeningUrl(t.app)!
}, 60_000)
afterAll(async () => {
  await t?.close()
  await devnet?.stop()
})

const rpc = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })

function chainOf(rpcUrl: string) {
  return defineChain({
    id: 31337,
    name: 'Latch Devnet A',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
}

/** A Safe of a fresh key, as permissionless builds it with its defaults, and a client that uses only our URLs. */
async function freshSafe() {
  const chain = chainOf(devnet.chains[0]!.rpcUrl)
  const publicClient = createPublicClient({ chain, transport: http(), pollingInterval: 100 })
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toSafeSmartAccount({
    client: publicClient,
    owners: [owner],
    version: '1.4.1',
    entryPoint: { address: entryPoint07Address, version: '0.7' },
  })
  const bundlerUrl = `${url}/v1/bundler/31337`
  const pimlico = createPimlicoClient({ transport: http(bundlerUrl) })
  const client = createSmartAccountClient({
    account,
    chain,
    bundlerTransport: http(bundlerUrl),
    paymaster: createPaymasterClient({ transport: http(`${url}/v1/paymaster/31337`) }),
    userOperation: { estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast },
    pollingInterval: 100,
  })
  return { publicClient, account, client, owner: owner.address }
}

async function giveLusd(to: Hex, amount: bigint) {
  const chain = chainOf(devnet.chains[0]!.rpcUrl)
  const wallet = createWalletClient({
    chain,
    transport: http(),
    account: privateKeyToAccount(anvilPrivateKeys[3]),
  })
  const publicClient = createPublicClient({ chain, transport: http(), pollingInterval: 50 })
  const hash = await wallet.writeContract({
    address: lusd,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, amount],
  })
  await publicClient.waitForTransactionReceipt({ hash })
}

const lusdOf = (publicClient: ReturnType<typeof createPublicClient>, owner: Hex) =>
  publicClient.readContract({ address: lusd, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('permissionless with its defaults and only /v1/bundler/31337 and /v1/paymaster/31337', () => {
  test('a fresh key’s Safe, holding LUSD and no ETH, sends 1 LUSD: sponsored, deployed by the operation', async () => {
    const { publicClient, account, client } = await freshSafe()
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined()
    await giveLusd(account.address, parseUnits('5', 6))
    const receiver = privateKeyToAccount(generatePrivateKey()).address

    const hash = await client.sendTransaction({
      to: lusd,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [receiver, parseUnits('1', 6)],
      }),
    })
    const receipt = await publicClient.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await lusdOf(publicClient, receiver)).toBe(parseUnits('1', 6))
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)
    expect(await publicClient.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]{2,}/)
    const spent = await t.storage.sponsorships.spent(defaultProject.id, account.address, new Date())
    expect(spent.account).toBeGreaterThan(0n)
    // The sponsorship was reserved under the hash the EntryPoint names the landed operation by: the paymaster finds
    // it on chain by that hash, and it counts for good (issue 41).
    const [landed] = parseEventLogs({
      abi: entryPoint07Abi,
      eventName: 'UserOperationEvent',
      logs: receipt.logs,
    })
    const reserved = await t.storage.sponsorships.reservations(31337, 500)
    expect(reserved.map((row) => row.userOpHash)).toContain(landed?.args.userOpHash.toLowerCase())
    // The next sponsorship asked for 15 s on settles it: landed, it is no longer reserved and still counts.
    ahead += 16_000
    const next = await freshSafe()
    await next.client.prepareUserOperation({ calls: [{ to: receiver, value: 0n }] })
    const settled = await t.storage.sponsorships.reservations(31337, 500)
    expect(settled.map((row) => row.userOpHash)).not.toContain(landed?.args.userOpHash.toLowerCase())
    // (The next account's sponsorship counts for the project: the account's own figures are what stay.)
    expect(await t.storage.sponsorships.spent(defaultProject.id, account.address, new Date())).toMatchObject({
      account: spent.account,
      accountOperations: spent.accountOperations,
    })
    ahead = 0
  }, 60_000)

  test('over the per-account cap → "Sponsorship limit reached", and nothing is sponsored or sent', async () => {
    const { publicClient, account, client } = await freshSafe()
    await giveLusd(account.address, parseUnits('5', 6))
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const transfer = {
      to: lusd,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [receiver, parseUnits('1', 6)],
      }),
    }
    await client.sendTransaction(transfer)
    const spent = await t.storage.sponsorships.spent(defaultProject.id, account.address, new Date())
    const saved = policy.accountDailyCap
    policy.accountDailyCap = spent.account
    try {
      await expect(client.sendTransaction(transfer)).rejects.toThrow(/Sponsorship limit reached/)
    } finally {
      policy.accountDailyCap = saved
    }
    expect(await lusdOf(publicClient, receiver)).toBe(parseUnits('1', 6))
    expect(await t.storage.sponsorships.spent(defaultProject.id, account.address, new Date())).toEqual(spent)
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)
  }, 60_000)
})

test('the embedded wallet’s Safe (packages/frame) is permissionless’ for the same owner: its address and factory call', async () => {
  const { publicClient, account, owner } = await freshSafe()
  const code = await publicClient.call({ to: proxyCreationCodeCall.to, data: proxyCreationCodeCall.data })
  const factory = await account.getFactoryArgs()
  expect(safeAddress(owner, code.data!)).toBe(account.address)
  expect(factory.factory).toBe(safeContracts.proxyFactory)
  // The same bytes (one writes an address in its checksum's casing).
  expect(factory.factoryData?.toLowerCase()).toBe(safeFactoryData(owner).toLowerCase())
})

test('a Safe signs in (SIWX) before its deployment (ERC-6492) and after it (ERC-1271)', async () => {
  const { publicClient, account, client } = await freshSafe()
  const signIn = async () => {
    const { nonce } = (await t.app.inject('/v1/sessions/nonce?projectId=open')).json()
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: 'localhost:5173',
      uri: 'http://localhost:5173/',
      version: '1',
      nonce,
      issuedAt: new Date(),
      expirationTime: new Date(Date.now() + 60 * 60_000),
    })
    const signature = await account.signMessage({ message })
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/sessions?projectId=open',
      headers: { origin: 'http://localhost:5173' },
      payload: { message, signature },
    })
    return { signature, response }
  }
  const counterfactual = await signIn()
  expect(counterfactual.signature.endsWith('6492'.repeat(16))).toBe(true)
  expect(counterfactual.response.statusCode).toBe(201)
  expect(counterfactual.response.json().session.address).toBe(account.address)

  // Deployed by its first (sponsored) operation, it answers ERC-1271 itself.
  await client.sendTransaction({ to: account.address, value: 0n })
  expect(await publicClient.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]{2,}/)
  const deployed = await signIn()
  expect(deployed.signature.endsWith('6492'.repeat(16))).toBe(false)
  expect(deployed.response.statusCode).toBe(201)
}, 60_000)

test('the history: a Safe’s operations are its own entries (the bundler sent them), its deployment included', async () => {
  const indexer = createIndexer({ chain: blockchainOf.chains[0]!, storage: t.storage, pollIntervalMs: 50 })
  indexer.start()
  try {
    const { publicClient, account, client } = await freshSafe()
    await giveLusd(account.address, parseUnits('5', 6))
    // Deployed by an operation that moves nothing: only the EntryPoint's events name the account.
    const deployment = await client.sendTransaction({ to: account.address, value: 0n })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const send = await client.sendTransaction({
      to: lusd,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [receiver, parseUnits('2', 6)],
      }),
    })
    const { blockNumber } = await publicClient.getTransactionReceipt({ hash: send })
    await indexer.waitFor(Number(blockNumber), 10_000)

    const response = await t.app.inject(`/v1/account/${account.address}/history?chainId=eip155:31337`)
    const entries = response.json().data as {
      metadata: { hash: string; operationType: string }
      transfers: unknown[]
    }[]
    expect(entries.map((entry) => entry.metadata.hash)).toEqual([send, deployment, expect.any(String)])
    const [sent, deployed] = entries
    expect(sent!.metadata.operationType).toBe('send')
    expect(sent!.transfers).toEqual([
      expect.objectContaining({ direction: 'out', quantity: { numeric: '2' } }),
    ])
    expect(deployed!.metadata.operationType).toBe('execute')
    expect(deployed!.transfers).toEqual([])
  } finally {
    await indexer.stop()
  }
}, 60_000)

describe('POST /v1/bundler/:chainId', () => {
  test('forwards the allowed methods to the chain’s bundler', async () => {
    const response = await rpc('/v1/bundler/31337', {
      jsonrpc: '2.0',
      id: 7,
      method: 'eth_supportedEntryPoints',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: expect.arrayContaining([entryPoint07Address]),
    })
    const chainId = await rpc('/v1/bundler/31337', {
      jsonrpc: '2.0',
      id: 'a',
      method: 'eth_chainId',
      params: [],
    })
    expect(chainId.json()).toEqual({ jsonrpc: '2.0', id: 'a', result: '0x7a69' })
  })

  test('answers a batch entry by entry, refusing what is not allowed', async () => {
    const response = await rpc('/v1/bundler/31337', [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'eth_sendRawTransaction', params: ['0x00'] },
      { jsonrpc: '1.0', id: 3, method: 'eth_chainId' },
    ])
    const [first, second, third] = response.json()
    expect(first).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    expect(second.error.code).toBe(-32601)
    expect(second.error.message).toMatch(/^Method not found: eth_sendRawTransaction/)
    expect(third.error).toEqual({ code: -32600, message: 'Invalid request: jsonrpc must be "2.0"' })
  })

  test.each([
    ['debug_bundler_clearState', -32601],
    ['alto_dumpMempool', -32601],
    ['eth_accounts', -32601],
  ])('%s → %d, never reaching the bundler', async (method, code) => {
    const response = await rpc('/v1/bundler/31337', { jsonrpc: '2.0', id: 1, method, params: [] })
    expect(response.statusCode).toBe(200)
    expect(response.json().error.code).toBe(code)
  })

  test('malformed JSON → -32700 from the proxy (the bundler would answer an HTML-free 400 of its own)', async () => {
    for (const body of ['{"jsonrpc":', '', 'null', '[]']) {
      const response = await rpc('/v1/bundler/31337', body)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect([-32700, -32600]).toContain(response.json().error.code)
    }
    expect((await rpc('/v1/bundler/31337', '{"jsonrpc":')).json().error).toEqual({
      code: -32700,
      message: 'Parse error: the body is not JSON',
    })
  })

  test('a body over 128 KiB → 413 with a JSON-RPC error', async () => {
    const response = await rpc('/v1/bundler/31337', {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendUserOperation',
      params: ['x'.repeat(140_000)],
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Request too large: at most 128 KiB' },
    })
  })

  test('a chain without a bundler → 404 saying so; a bundler out of reach → -32000 naming the chain', async () => {
    const unknown = await rpc('/v1/bundler/1', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.message).toBe('No bundler for eip155:1 on this server')
    const down = await rpc('/v1/bundler/31338', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    expect(down.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32000, message: 'The bundler for eip155:31338 did not answer' },
    })
  })

  test('the project’s origins: another origin or an unknown project → 403', async () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }
    const strange = await rpc('/v1/bundler/31337', call, { origin: 'https://evil.example' })
    expect(strange.statusCode).toBe(403)
    expect(strange.json().error.message).toBe(
      'Origin https://evil.example is not allowed for project latch-demo',
    )
    const allowed = await rpc('/v1/bundler/31337?projectId=strict', call, {
      origin: 'https://app.example.com',
    })
    expect(allowed.json().result).toBe('0x7a69')
    const unknown = await rpc('/v1/bundler/31337?projectId=nobody', call)
    expect(unknown.statusCode).toBe(403)
    expect(unknown.json().error.message).toBe('Unknown project nobody')
  })
})
