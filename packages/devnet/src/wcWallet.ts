// A WalletConnect wallet in Node for tests and for trying the demo by hand: @reown/walletkit on a relay,
// signing with one of anvil's test keys and sending on the devnet chains.
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { createWalletClient, defineChain, type Hex, http, isHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvilPrivateKeys } from './accounts.ts'

export interface WcWalletParameters {
  relayUrl: string
  /** Anvil account 0–9. Default 0. */
  accountIndex?: number
  /** RPC URL per chain id the wallet offers (the first is its chain). */
  chains: Record<number, string>
  /** Answer proposals and requests with a rejection instead (the visitor declines). Default false. */
  reject?: boolean
}

export interface WcWallet {
  readonly address: Hex
  /** Pairs with a `wc:` URI, as scanning its QR code would. */
  pair(uri: string): Promise<void>
  /** Methods of the requests answered so far, in order. */
  readonly requests: readonly string[]
  /** Calls `listener` with the method of each request as it comes in. Returns a stop. */
  onRequest(listener: (method: string) => void): () => void
  /** Decline what comes next (or stop declining). */
  setReject(reject: boolean): void
  /** Ends every session from the wallet's side. */
  disconnectAll(): Promise<void>
  /** How many sessions the wallet holds: a dapp that disconnects ends its own. */
  sessionCount(): number
  stop(): Promise<void>
}

/**
 * Key-value storage in memory for WalletConnect clients in Node (`storage` option of `Core` and `SignClient`):
 * their Node default writes files.
 */
export function walletConnectMemoryStorage() {
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

const USER_REJECTED = { code: 5000, message: 'User rejected.' }

/**
 * Starts a wallet that approves WalletConnect proposals for its account on `chains` and answers
 * `personal_sign`, `eth_signTypedData_v4` and `eth_sendTransaction` (sent on the chain's RPC).
 *
 * @example
 * const wallet = await startWcWallet({ relayUrl: 'ws://127.0.0.1:8788', chains: { 31337: devnet.rpcA } })
 * await wallet.pair(uriFromTheQrCode)
 */
export async function startWcWallet(parameters: WcWalletParameters): Promise<WcWallet> {
  const account = privateKeyToAccount(anvilPrivateKeys[parameters.accountIndex ?? 0]!)
  let reject = parameters.reject ?? false
  const requests: string[] = []
  const requestListeners = new Set<(method: string) => void>()
  const core = new Core({
    projectId: 'latch-local',
    relayUrl: parameters.relayUrl,
    customStoragePrefix: `latch-wc-wallet-${Math.random()}`,
    storage: walletConnectMemoryStorage(),
    logger: 'silent',
  })
  const kit = await WalletKit.init({
    core,
    metadata: {
      name: 'Latch WC Test Wallet',
      description: 'Anvil keys over WalletConnect',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })
  const chainIds = Object.keys(parameters.chains).map(Number)

  kit.on('session_proposal', async (proposal) => {
    if (reject) {
      await kit.rejectSession({ id: proposal.id, reason: USER_REJECTED })
      return
    }
    await kit.approveSession({
      id: proposal.id,
      namespaces: {
        eip155: {
          chains: chainIds.map((id) => `eip155:${id}`),
          accounts: chainIds.map((id) => `eip155:${id}:${account.address}`),
          methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
    })
  })

  kit.on('session_request', async ({ topic, id, params }) => {
    const { method, params: args } = params.request as { method: string; params: unknown[] }
    requests.push(method)
    for (const listener of requestListeners) listener(method)
    const respond = (response: { result: unknown } | { error: { code: number; message: string } }) =>
      kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', ...response } })
    if (reject) return respond({ error: USER_REJECTED })
    try {
      if (method === 'personal_sign') {
        const [message] = args as [string]
        return respond({
          result: await account.signMessage({ message: isHex(message) ? { raw: message } : message }),
        })
      }
      if (method === 'eth_signTypedData_v4') {
        const [, typed] = args as [string, string]
        return respond({ result: await account.signTypedData(JSON.parse(typed)) })
      }
      if (method === 'eth_sendTransaction') {
        const [tx] = args as [{ to: Hex; value?: Hex; data?: Hex }]
        const chainId = Number(params.chainId.split(':')[1])
        const rpcUrl = parameters.chains[chainId]
        if (!rpcUrl) return respond({ error: { code: 4901, message: `Chain ${chainId} is not offered` } })
        const chain = defineChain({
          id: chainId,
          name: `Devnet ${chainId}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [rpcUrl] } },
        })
        const client = createWalletClient({ account, chain, transport: http(rpcUrl) })
        const hash = await client.sendTransaction({
          to: tx.to,
          value: tx.value ? BigInt(tx.value) : undefined,
          data: tx.data,
        })
        return respond({ result: hash })
      }
      return respond({ error: { code: 4200, message: `${method} is not supported` } })
    } catch (error) {
      return respond({
        error: { code: -32603, message: error instanceof Error ? error.message : String(error) },
      })
    }
  })

  return {
    address: account.address,
    requests,
    onRequest(listener) {
      requestListeners.add(listener)
      return () => requestListeners.delete(listener)
    },
    pair: (uri) => kit.pair({ uri }),
    setReject(next) {
      reject = next
    },
    sessionCount: () => Object.keys(kit.getActiveSessions()).length,
    async disconnectAll() {
      for (const topic of Object.keys(kit.getActiveSessions()))
        await kit.disconnectSession({ topic, reason: { code: 6000, message: 'User disconnected.' } })
    },
    async stop() {
      core.heartbeat.stop()
      await core.relayer.transportClose().catch(() => undefined)
    },
  }
}
