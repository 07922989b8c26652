// The embedded wallet's Safe against the real stack: a devnet chain with the canonical ERC-4337 contracts, alto behind
// the server's bundler proxy, the server's paymaster, and the approvals drawn in a document and clicked. (Node's own
// environment, the frame's document a happy-dom window's: the devnet and the server need Node's URL.)
import { anvilPrivateKeys, type Devnet, startDevnet } from '@latch/devnet'
import {
  createApp,
  defaultProject,
  devnetBlockchainConfig,
  type LatchApp,
  openStorage,
  type Storage,
} from '@latch/server'
import { Window } from 'happy-dom'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseUnits,
  stringToHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageContext } from './requests.ts'
import { accountOf, smartRequest } from './smartAccount.ts'
import { chains, type WalletRequest } from './walletTools.ts'

const lusd = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'

const frameWindow = new Window()
Object.assign(globalThis, {
  window: frameWindow,
  document: frameWindow.document,
  IntersectionObserver: frameWindow.IntersectionObserver,
})

let devnet: Devnet
let storage: Storage
let app: LatchApp
let server: string

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }], bundler: true })
  const [chain] = devnet.chains
  storage = await openStorage({ dataDir: 'memory' })
  app = await createApp({
    storage,
    logger: false,
    rateLimits: false,
    blockchain: devnetBlockchainConfig({ rpcA: chain!.rpcUrl, bundlerA: chain!.bundlerUrl! }),
  })
  await storage.upsertProject(defaultProject)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address() as { port: number }
  server = `http://127.0.0.1:${address.port}`
  // What the frame's page would have read from its server.
  chains.push({
    chainId: 31337,
    name: 'Latch Devnet A',
    rpcUrl: chain!.rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    bundler: true,
    paymaster: true,
  })
}, 60_000)
afterAll(async () => {
  await frameWindow.happyDOM.close()
  await app?.close()
  await storage?.close()
  await devnet?.stop()
})

const chainClient = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })

const page: PageContext = { origin: 'https://dapp.example', show() {}, hide() {} }

/** A fresh owner key and its Safe, with requests as the frame's first half would make them. */
async function freshAccount() {
  const key = generatePrivateKey()
  const owner = privateKeyToAccount(key).address
  const { address } = await accountOf({ id: owner, address: owner }, 'smartAccount')
  const ask = (method: string, args: unknown[]) =>
    smartRequest({
      method,
      args,
      chainId: 31337,
      address,
      owner,
      page,
      userOperations: {
        url: (kind, chainId) => `${server}/v1/${kind}/${chainId}?projectId=${defaultProject.id}`,
        headers: {},
      },
      withdrawn: () => false,
      withKey: async (use) => use(key),
    } satisfies WalletRequest)
  return { owner, address, ask }
}

/** The approval on screen: what it says, once Approve is armed; then approved (or rejected). */
async function answerApproval(approve = true): Promise<string> {
  let button: HTMLButtonElement | null = null
  for (let i = 0; i < 200 && !(button && !button.disabled); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    button = document.querySelector<HTMLButtonElement>('button.primary')
  }
  // What is read: the text, and the names of what has one (the body's label).
  const labels = [...document.querySelectorAll('[aria-label]')].map((element) =>
    element.getAttribute('aria-label'),
  )
  const text = [document.body.textContent, ...labels].join('\n')
  if (approve) button?.click()
  else document.querySelector<HTMLButtonElement>('button:not(.primary)')?.click()
  return text
}

async function giveLusd(to: Hex, amount: bigint) {
  const wallet = createWalletClient({
    transport: http(devnet.chains[0]!.rpcUrl),
    account: privateKeyToAccount(anvilPrivateKeys[4]),
  })
  const hash = await wallet.writeContract({
    address: lusd,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, amount],
    chain: null,
  })
  await chainClient().waitForTransactionReceipt({ hash })
}

const lusdOf = (address: Hex) =>
  chainClient().readContract({ address: lusd, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

describe('the frame’s Safe', { timeout: 30_000 }, () => {
  test('with 0 ETH, sends 1 LUSD as one sponsored operation the visitor approved: deployed by it, its fee sponsored', async () => {
    const { address, ask } = await freshAccount()
    await giveLusd(address, parseUnits('5', 6))
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    expect(await chainClient().getCode({ address })).toBeUndefined()

    const sent = ask('eth_sendTransaction', [
      {
        from: address,
        to: lusd,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [receiver, parseUnits('1', 6)],
        }),
      },
    ])
    const shown = await answerApproval()
    expect(shown).toContain('Contract call')
    expect(shown).toContain(`${address} (smart account, set up with this operation)`)
    expect(shown).toContain('Network feeSponsored')
    const hash = (await sent) as Hex
    const receipt = await chainClient().getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await lusdOf(receiver)).toBe(parseUnits('1', 6))
    expect(await lusdOf(address)).toBe(parseUnits('4', 6))
    expect(await chainClient().getBalance({ address })).toBe(0n)
    expect(await chainClient().getCode({ address })).toMatch(/^0x.+/)
  })

  test('signs messages and typed data as the Safe: ERC-6492 before it is deployed, ERC-1271 after', async () => {
    const { address, ask } = await freshAccount()
    const message = 'Sign in to dapp.example'
    const before = ask('personal_sign', [stringToHex(message), address])
    expect(await answerApproval()).toContain(message)
    const undeployed = (await before) as Hex
    expect(undeployed.endsWith('6492'.repeat(16))).toBe(true)
    expect(await chainClient().verifyMessage({ address, message, signature: undeployed })).toBe(true)

    // Its first operation deploys it (sponsored: it holds nothing).
    const sent = ask('eth_sendTransaction', [{ to: address, value: '0x0' }])
    await answerApproval()
    await sent
    const after = ask('personal_sign', [stringToHex(message), address])
    await answerApproval()
    const deployed = (await after) as Hex
    expect(deployed).toHaveLength(132)
    expect(await chainClient().verifyMessage({ address, message, signature: deployed })).toBe(true)

    const typed = {
      domain: { name: 'Dapp', version: '1', chainId: 31337 },
      types: { Order: [{ name: 'amount', type: 'uint256' }] },
      primaryType: 'Order',
      message: { amount: '42' },
    } as const
    const signing = ask('eth_signTypedData_v4', [address, JSON.stringify(typed)])
    await answerApproval()
    expect(
      await chainClient().verifyTypedData({
        address,
        ...typed,
        message: { amount: 42n },
        signature: (await signing) as Hex,
      }),
    ).toBe(true)
  })

  test('wallet_sendCalls: two transfers in one operation, approved once; its status from the bundler; capabilities', async () => {
    const { address, ask } = await freshAccount()
    await giveLusd(address, parseUnits('3', 6))
    const receivers = [generatePrivateKey(), generatePrivateKey()].map(
      (key) => privateKeyToAccount(key).address,
    )
    expect(await ask('wallet_getCapabilities', [address, ['0x7a69']])).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    const sending = ask('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: address,
        atomicRequired: true,
        calls: receivers.map((receiver) => ({
          to: lusd,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [receiver, parseUnits('1', 6)],
          }),
        })),
      },
    ])
    const shown = await answerApproval()
    expect(shown).toContain('Calls2')
    expect(shown).toContain('Calls (all or none)')
    const { id } = (await sending) as { id: string }
    let status: { status: number; atomic: boolean; receipts: unknown[] } | undefined
    for (let i = 0; i < 100 && status?.status !== 200; i++) {
      status = (await ask('wallet_getCallsStatus', [id])) as typeof status
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(status).toMatchObject({ status: 200, atomic: true })
    expect(status?.receipts).toHaveLength(1)
    for (const receiver of receivers) expect(await lusdOf(receiver)).toBe(parseUnits('1', 6))
    await expect(ask('wallet_getCallsStatus', [`0x${'00'.repeat(64)}`])).rejects.toMatchObject({
      error: { code: 5730 },
    })
  })

  test('a declined approval sends nothing; a capability it does not have refuses the calls', async () => {
    const { address, ask } = await freshAccount()
    const declined = ask('eth_sendTransaction', [{ to: address, value: '0x0' }])
    await answerApproval(false)
    await expect(declined).rejects.toMatchObject({ error: { code: 4001 } })
    expect(await chainClient().getCode({ address })).toBeUndefined()
    await expect(
      ask('wallet_sendCalls', [
        { chainId: '0x7a69', calls: [{ to: address }], capabilities: { auxiliaryFunds: {} } },
      ]),
    ).rejects.toMatchObject({ error: { code: 5700 } })
  })
})
