// The WalletConnect connector with the real parts: @walletconnect/universal-provider in the adapter, the Latch
// relay, a walletkit wallet (packages/devnet) signing with anvil's keys, and two anvil chains.
import { type AdapterEvent, type ChainAdapter, toRpcError, UserRejectedRequestError } from '@latch/core'
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../devnet/src/anvil.ts'
import { startWcWallet, type WcWallet, walletConnectMemoryStorage } from '../../../devnet/src/wcWallet.ts'
import { type Relay, startRelay } from '../../../relay/src/index.ts'
import { createEvmAdapter } from '../adapter.ts'
import { devnetNetwork } from '../networks.ts'
import { WALLET_CONNECT_ID } from './walletConnect.ts'

let relay: Relay
let chainA: AnvilInstance
let chainB: AnvilInstance
let wallet: WcWallet
const stops: Array<() => Promise<void>> = []

beforeAll(async () => {
  ;[relay, chainA, chainB] = await Promise.all([
    startRelay({ port: 0 }),
    startAnvil({ chainId: 31337, port: 0 }),
    startAnvil({ chainId: 31338, port: 0 }),
  ])
  wallet = await startWcWallet({
    relayUrl: relay.url,
    accountIndex: 4,
    chains: { 31337: chainA.rpcUrl, 31338: chainB.rpcUrl },
  })
}, 60_000)
afterEach(async () => {
  wallet.setReject(false)
  await wallet.disconnectAll()
  for (const stop of stops.splice(0)) await stop()
})
afterAll(async () => {
  await wallet?.stop()
  await relay?.close()
  await Promise.all([chainA?.stop(), chainB?.stop()])
})

/** An adapter offering WalletConnect on the test relay, with its sessions in `storage`. */
function adapterWith(storage = walletConnectMemoryStorage(), storagePrefix = `dapp-${Math.random()}`) {
  const networks = [devnetNetwork(31337, chainA.rpcUrl, 'A'), devnetNetwork(31338, chainB.rpcUrl, 'B')]
  const adapter = createEvmAdapter(
    {
      networks,
      walletConnect: { relayUrl: relay.url, projectId: undefined },
      metadata: { name: 'Latch test dapp', description: 'test', url: 'http://127.0.0.1', icons: [] },
    },
    { walletConnect: { storage, storagePrefix } },
  )
  stops.push(() => adapter.disconnect({ connectorId: WALLET_CONNECT_ID }).catch(() => undefined))
  return { adapter, networks, storage, storagePrefix }
}

/** Connects through WalletConnect, the wallet pairing with the URI it is shown. */
async function pair(
  adapter: ChainAdapter,
  network = undefined as Parameters<ChainAdapter['connect']>[0]['network'],
) {
  const uris: string[] = []
  const result = await adapter.connect({
    connectorId: WALLET_CONNECT_ID,
    network,
    onUri: (uri) => {
      uris.push(uri)
      void wallet.pair(uri)
    },
  })
  return { result, uris }
}

describe('the WalletConnect connector', () => {
  it('is listed as a WALLET_CONNECT connector when the app offers WalletConnect', async () => {
    const { adapter } = adapterWith()
    const lists: string[][] = []
    const stop = adapter.watchConnectors((list) => lists.push(list.map((c) => `${c.type}:${c.id}`)))
    stop()
    expect(lists.at(-1)).toContain('WALLET_CONNECT:walletConnect')

    const plain = createEvmAdapter({ networks: [devnetNetwork(31337, chainA.rpcUrl, 'A')] })
    const plainLists: string[][] = []
    plain.watchConnectors((list) => plainLists.push(list.map((c) => c.id)))()
    expect(plainLists.flat()).not.toContain('walletConnect')
  })

  it("hands out a wc: URI, then the wallet's account on the visitor's network once it approves", async () => {
    const { adapter, networks } = adapterWith()

    const { result, uris } = await pair(adapter, networks[1])

    expect(uris).toHaveLength(1)
    expect(uris[0]).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(new URL(uris[0]!.replace('wc:', 'wc://')).searchParams.get('relay-protocol')).toBe('irn')
    expect(result).toEqual({ accounts: [wallet.address], chainId: 31338 })
  })

  it('signs a message and sends a transaction through the wallet', async () => {
    const { adapter, networks } = adapterWith()
    await pair(adapter, networks[0])
    const receiver = '0x000000000000000000000000000000000000dEaD'
    const client = createPublicClient({ transport: http(chainA.rpcUrl) })
    const before = await client.getBalance({ address: receiver })

    const signature = await adapter.signMessage({
      connectorId: WALLET_CONNECT_ID,
      address: wallet.address,
      message: 'Hello from Latch',
    })
    const hash = await adapter.sendTransaction({
      connectorId: WALLET_CONNECT_ID,
      network: networks[0]!,
      from: wallet.address,
      to: receiver,
      value: parseEther('0.25'),
    })
    const receipt = await client.waitForTransactionReceipt({
      hash: hash as `0x${string}`,
      pollingInterval: 50,
    })

    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'Hello from Latch',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    expect(receipt.status).toBe('success')
    expect((await client.getBalance({ address: receiver })) - before).toBe(parseEther('0.25'))
  })

  it('switches between the chains the wallet approved and reports the change', async () => {
    const { adapter, networks } = adapterWith()
    await pair(adapter, networks[0])
    const events: AdapterEvent[] = []
    const stop = adapter.watchConnection(WALLET_CONNECT_ID, (event) => events.push(event))

    await adapter.switchNetwork({ connectorId: WALLET_CONNECT_ID, network: networks[1]! })
    stop()

    expect(events).toContainEqual({ type: 'chainChanged', chainId: 31338 })
  })

  it('reports a disconnect when the wallet ends the session', async () => {
    const { adapter, networks } = adapterWith()
    await pair(adapter, networks[0])
    const disconnected = new Promise<AdapterEvent>((resolve) =>
      adapter.watchConnection(WALLET_CONNECT_ID, (event) => event.type === 'disconnect' && resolve(event)),
    )

    await wallet.disconnectAll()

    expect(await disconnected).toEqual({ type: 'disconnect' })
  })

  it("ends the session on the wallet's side when the dapp disconnects", async () => {
    const { adapter, networks } = adapterWith()
    await pair(adapter, networks[0])
    expect(wallet.sessionCount()).toBe(1)

    await adapter.disconnect({ connectorId: WALLET_CONNECT_ID })

    await expect.poll(() => wallet.sessionCount()).toBe(0)
    expect(await adapter.reconnect({ connectorId: WALLET_CONNECT_ID })).toBeUndefined()
  })

  it('turns a declined proposal into a user rejection (4001)', async () => {
    const { adapter } = adapterWith()
    wallet.setReject(true)

    const error = await pair(adapter).then(
      () => undefined,
      (reason: unknown) => toRpcError(reason),
    )

    expect(error).toBeInstanceOf(UserRejectedRequestError)
  })

  it('restores the session on the next visit, from the storage it was kept in', async () => {
    const first = adapterWith()
    await pair(first.adapter, first.networks[0])

    const { adapter } = adapterWith(first.storage, first.storagePrefix)
    const restored = await adapter.reconnect({ connectorId: WALLET_CONNECT_ID })

    expect(restored).toEqual({ accounts: [wallet.address], chainId: 31337 })
  })

  it('reconnects nothing when no session was kept', async () => {
    const { adapter } = adapterWith()
    expect(await adapter.reconnect({ connectorId: WALLET_CONNECT_ID })).toBeUndefined()
  })
})
