// The real WalletConnect clients pair, settle a session and round-trip a signature through the relay: the dapp
// side on @walletconnect/sign-client 2.25, the wallet side on @reown/walletkit 1.6. Nothing leaves the machine.
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import { type Hex, stringToHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilPrivateKeys } from '../../devnet/src/accounts.ts'
import { type Relay, startRelay } from './relay.ts'

const account = privateKeyToAccount(anvilPrivateKeys[0]!)
const metadata = (name: string) => ({ name, description: name, url: 'http://127.0.0.1', icons: [] })

/** The clients' key-value storage, in memory (their Node default writes files). */
function memoryStorage() {
  const data = new Map<string, unknown>()
  return {
    getKeys: async () => [...data.keys()],
    getEntries: async <T>() => [...data.entries()] as [string, T][],
    getItem: async <T>(key: string) => data.get(key) as T | undefined,
    setItem: async <T>(key: string, value: T) => {
      data.set(key, value)
    },
    removeItem: async (key: string) => {
      data.delete(key)
    },
  }
}

let relay: Relay
let dapp: Awaited<ReturnType<typeof SignClient.init>>
let wallet: Awaited<ReturnType<typeof WalletKit.init>>
let walletCore: InstanceType<typeof Core>

beforeAll(async () => {
  relay = await startRelay({ port: 0 })
  const common = { projectId: 'latch-local', relayUrl: relay.url, logger: 'silent' }
  dapp = await SignClient.init({
    ...common,
    customStoragePrefix: 'dapp',
    storage: memoryStorage(),
    metadata: metadata('Latch test dapp'),
  })
  walletCore = new Core({ ...common, customStoragePrefix: 'wallet', storage: memoryStorage() })
  wallet = await WalletKit.init({ core: walletCore, metadata: metadata('Latch test wallet') })
}, 30_000)

afterAll(async () => {
  for (const core of [dapp?.core, walletCore]) {
    core?.heartbeat.stop()
    await core?.relayer.transportClose().catch(() => undefined)
  }
  await relay?.close()
})

describe('WalletConnect clients through the Latch relay', () => {
  it('pair, approve a session, answer personal_sign; after a relay restart both sides reconnect and it works again', async () => {
    wallet.on('session_proposal', async (proposal) => {
      await wallet.approveSession({
        id: proposal.id,
        namespaces: {
          eip155: {
            chains: ['eip155:31337'],
            accounts: [`eip155:31337:${account.address}`],
            methods: ['personal_sign', 'eth_sendTransaction'],
            events: ['accountsChanged', 'chainChanged'],
          },
        },
      })
    })
    wallet.on('session_request', async ({ topic, id, params }) => {
      const [message] = params.request.params as [Hex, string]
      const signature = await account.signMessage({ message: { raw: message } })
      await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: signature } })
    })

    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:31337'],
          methods: ['personal_sign', 'eth_sendTransaction'],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
    })
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair({ uri: uri! })
    const session = await approval()
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${account.address}`])

    const message = 'Signed through the Latch relay'
    const signature = await dapp.request<Hex>({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: [stringToHex(message), account.address] },
    })
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
    expect(relay.stats().clients).toBe(2)

    // The relay restarts (its memory gone): both sides reconnect, subscribe again, and the next request works.
    const { port } = relay
    await relay.close()
    relay = await startRelay({ port })
    const again = 'After the relay restarted'
    const second = await dapp.request<Hex>({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: [stringToHex(again), account.address] },
    })
    expect(await verifyMessage({ address: account.address, message: again, signature: second })).toBe(true)
    expect(relay.stats().clients).toBe(2)
  }, 90_000)
})
