// The real WalletConnect clients for the relay's tests: a dapp on @walletconnect/sign-client 2.25 and a wallet on
// @reown/walletkit 1.6 that approves every proposal for anvil account 0 and answers personal_sign.
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import { type Hex, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvilPrivateKeys } from '../../devnet/src/accounts.ts'
import { walletConnectMemoryStorage } from '../../devnet/src/wcWallet.ts'

export const walletAccount = privateKeyToAccount(anvilPrivateKeys[0]!)
const metadata = (name: string) => ({ name, description: name, url: 'http://127.0.0.1', icons: [] })
const namespace = {
  chains: ['eip155:31337'],
  methods: ['personal_sign', 'eth_sendTransaction'],
  events: ['accountsChanged', 'chainChanged'],
}

export interface TestPair {
  /** The dapp proposes, the wallet pairs and approves; resolves the session topic. */
  connect(): Promise<{ topic: string; accounts: string[] }>
  /** personal_sign of `message` through the session. */
  sign(topic: string, message: string): Promise<Hex>
  close(): Promise<void>
}

/** A dapp connected to `dappRelayUrl` and a wallet to `walletRelayUrl` (the same relay, or two sharing Redis). */
export async function createPair(dappRelayUrl: string, walletRelayUrl = dappRelayUrl): Promise<TestPair> {
  const common = { projectId: 'latch-local', logger: 'silent' }
  const dapp = await SignClient.init({
    ...common,
    relayUrl: dappRelayUrl,
    customStoragePrefix: `dapp-${Math.random()}`,
    storage: walletConnectMemoryStorage(),
    metadata: metadata('Latch test dapp'),
  })
  const walletCore = new Core({
    ...common,
    relayUrl: walletRelayUrl,
    customStoragePrefix: `wallet-${Math.random()}`,
    storage: walletConnectMemoryStorage(),
  })
  const wallet = await WalletKit.init({ core: walletCore, metadata: metadata('Latch test wallet') })
  wallet.on('session_proposal', async (proposal) => {
    await wallet.approveSession({
      id: proposal.id,
      namespaces: { eip155: { ...namespace, accounts: [`eip155:31337:${walletAccount.address}`] } },
    })
  })
  wallet.on('session_request', async ({ topic, id, params }) => {
    const [message] = params.request.params as [Hex, string]
    const signature = await walletAccount.signMessage({ message: { raw: message } })
    await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: signature } })
  })

  return {
    async connect() {
      const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: namespace } })
      if (!uri) throw new Error('no pairing URI')
      await wallet.pair({ uri })
      const session = await approval()
      return { topic: session.topic, accounts: session.namespaces.eip155?.accounts ?? [] }
    },
    sign: (topic, message) =>
      dapp.request<Hex>({
        topic,
        chainId: 'eip155:31337',
        request: { method: 'personal_sign', params: [stringToHex(message), walletAccount.address] },
      }),
    async close() {
      for (const core of [dapp.core, walletCore]) {
        core.heartbeat.stop()
        await core.relayer.transportClose().catch(() => undefined)
      }
    },
  }
}
