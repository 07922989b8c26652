import { startRelay } from '@latch/relay'
import { SignClient } from '@walletconnect/sign-client'
import { createPublicClient, type Hex, http, parseEther, stringToHex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilAddresses } from './accounts.ts'
import { type AnvilInstance, startAnvil } from './anvil.ts'
import { startWcWallet, type WcWallet, walletConnectMemoryStorage } from './wcWallet.ts'

let anvil: AnvilInstance
let relay: Awaited<ReturnType<typeof startRelay>>
let wallet: WcWallet
let dapp: Awaited<ReturnType<typeof SignClient.init>>

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
  relay = await startRelay({ port: 0 })
  wallet = await startWcWallet({ relayUrl: relay.url, accountIndex: 3, chains: { 31337: anvil.rpcUrl } })
  dapp = await SignClient.init({
    projectId: 'latch-local',
    relayUrl: relay.url,
    customStoragePrefix: 'dapp',
    storage: walletConnectMemoryStorage(),
    logger: 'silent',
    metadata: { name: 'dapp', description: '', url: 'http://127.0.0.1', icons: [] },
  })
}, 30_000)
afterAll(async () => {
  await wallet?.stop()
  dapp?.core.heartbeat.stop()
  await dapp?.core.relayer.transportClose().catch(() => undefined)
  await relay?.close()
  await anvil?.stop()
})

async function connect() {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: {
        chains: ['eip155:31337'],
        methods: ['personal_sign', 'eth_sendTransaction'],
        events: ['accountsChanged', 'chainChanged'],
      },
    },
  })
  await wallet.pair(uri!)
  return approval()
}

describe('the WalletConnect test wallet (walletkit, anvil keys)', () => {
  it('approves for its account, signs, and sends a transaction on the devnet', async () => {
    const session = await connect()
    const heard: string[] = []
    const stopListening = wallet.onRequest((method) => heard.push(method))
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${anvilAddresses[3]}`])
    const message = 'hello from the dapp'
    const signature = await dapp.request<Hex>({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: [stringToHex(message), wallet.address] },
    })
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)

    const receiver = anvilAddresses[4]!
    const chain = createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0, pollingInterval: 50 })
    const before = await chain.getBalance({ address: receiver })
    const hash = await dapp.request<Hex>({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: {
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to: receiver, value: `0x${parseEther('0.75').toString(16)}` }],
      },
    })
    await chain.waitForTransactionReceipt({ hash })
    expect(await chain.getBalance({ address: receiver })).toBe(before + parseEther('0.75'))
    expect(wallet.requests).toEqual(['personal_sign', 'eth_sendTransaction'])
    expect(heard).toEqual(['personal_sign', 'eth_sendTransaction'])
    stopListening()
  }, 30_000)

  it('declines when told to, and disconnects from its side', async () => {
    const session = await connect()
    wallet.setReject(true)
    await expect(
      dapp.request({
        topic: session.topic,
        chainId: 'eip155:31337',
        request: { method: 'personal_sign', params: [stringToHex('no'), wallet.address] },
      }),
    ).rejects.toMatchObject({ code: 5000 })
    wallet.setReject(false)
    const deleted = new Promise<string>((resolve) => dapp.on('session_delete', ({ topic }) => resolve(topic)))
    await wallet.disconnectAll()
    expect(await deleted).toBeTruthy()
  }, 30_000)
})
