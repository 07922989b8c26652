// The WalletConnect client: its own lazy chunk, since @walletconnect/universal-provider is most of what WalletConnect
// costs. Loaded by walletConnect.ts when a visitor first picks WalletConnect or a WalletConnect session reconnects.
import { AccountNotFoundError, type ConnectResult, usesWalletConnectCloud, withTimeout } from '@latch/core'
import { UniversalProvider } from '@walletconnect/universal-provider'
import { parseAccounts } from '../accounts.ts'
import { parseChainId } from '../chainId.ts'
import type { Eip1193Provider, ProviderListener } from '../provider.ts'
import type { WalletConnectClient, WalletConnectParameters } from './types.ts'

/** What the dapp asks a wallet for: the methods the adapter calls and the events it follows. */
const methods = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]
const events = ['accountsChanged', 'chainChanged']

/**
 * WalletConnect's codes for a visitor who declined (5000 USER_REJECTED, 5001 chains, 5002 methods), as
 * EIP-1193's 4001 that the rest of Latch understands.
 */
function asEip1193Error(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'number' && code >= 5000 && code <= 5002) {
    const message = (error as { message?: unknown }).message
    return { code: 4001, message: typeof message === 'string' ? message : 'User rejected.', cause: error }
  }
  return error
}

export async function startWalletConnectClient(
  parameters: WalletConnectParameters,
): Promise<WalletConnectClient> {
  const { settings, networks, metadata, options } = parameters
  const provider = await UniversalProvider.init({
    relayUrl: settings.relayUrl,
    ...(settings.projectId ? { projectId: settings.projectId } : {}),
    ...(metadata ? { metadata } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
    customStoragePrefix: options.storagePrefix ?? 'latch',
    // WalletConnect's usage reports go to its cloud: never from a Latch app.
    telemetryEnabled: false,
  })
  if (!usesWalletConnectCloud(settings.relayUrl)) {
    // For each proposal and request the dapp asks verify.walletconnect.org, in a hidden iframe for up to 5 s, to
    // attest the page's origin to the wallet. Off WalletConnect's cloud there is no such service: skipping it,
    // as WalletConnect's own test runs do, keeps requests fast and a strict CSP (no frame-src) intact.
    provider.client.core.verify.register = async () => ''
  }

  const eip1193: Eip1193Provider = {
    request: (args) =>
      provider.request(args as { method: string; params?: unknown[] }).catch((error: unknown) => {
        throw asEip1193Error(error)
      }),
    on: (event: string, listener: ProviderListener) => provider.on(event, listener),
    removeListener: (event: string, listener: ProviderListener) => provider.removeListener(event, listener),
  }

  /** The session's accounts on the provider's chain, and that chain. */
  async function sessionResult(): Promise<ConnectResult> {
    const accounts = parseAccounts(await eip1193.request({ method: 'eth_accounts' }))
    if (accounts.length === 0) throw new AccountNotFoundError('walletConnect')
    return { accounts, chainId: parseChainId(await eip1193.request({ method: 'eth_chainId' })) }
  }

  return {
    provider: eip1193,

    async connect({ network, onUri }) {
      // The network the visitor is on first: most wallets make the first chain the session's default.
      const ordered = network ? [network, ...networks.filter((n) => n !== network)] : networks
      const onDisplayUri = (uri: string) => onUri?.(uri)
      provider.on('display_uri', onDisplayUri)
      try {
        await provider.connect({
          optionalNamespaces: {
            eip155: {
              chains: ordered.map((n) => `eip155:${n.id}`),
              methods,
              events,
              // Reads go to the app's own RPC endpoints, never to WalletConnect's.
              rpcMap: Object.fromEntries(networks.map((n) => [String(n.id), n.rpcUrls.default.http[0]!])),
            },
          },
        })
      } catch (error) {
        throw asEip1193Error(error)
      } finally {
        provider.removeListener('display_uri', onDisplayUri)
      }
      const approved = provider.session?.namespaces.eip155?.chains ?? []
      // Stay on the visitor's network when the wallet approved it, whatever chain the wallet put first.
      if (network && approved.includes(`eip155:${network.id}`))
        provider.setDefaultChain(`eip155:${network.id}`)
      return sessionResult()
    },

    async restore() {
      if (!provider.session) return undefined
      return sessionResult().catch(() => undefined)
    },

    async disconnect() {
      if (!provider.session) return
      await withTimeout(provider.disconnect(), parameters.requestTimeoutMs, 'disconnect')
    },
  }
}
