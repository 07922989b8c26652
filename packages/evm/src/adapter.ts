import {
  type AdapterContext,
  type ChainAdapter,
  ChainNotConfiguredError,
  type Connector,
  ConnectorNotConnectedError,
  PAIRING_START_MS,
} from '@latch/core'
import type { Hex } from 'viem'
import type { SentOneByOne } from './calls.ts'
import { connect } from './connect.ts'
import { disconnect } from './disconnect.ts'
import { createConnectorDiscovery } from './discovery.ts'
import { createEmailWallet, EMAIL_CONNECTOR_ID } from './emailWallet.ts'
import { createBalanceReader } from './getBalance.ts'
import { type EvmAdapterOptions, resolveEvmAdapterOptions } from './options.ts'
import { type Eip1193Provider, isEip1193Provider } from './provider.ts'
import { reconnect } from './reconnect.ts'
import { createRpcClients } from './rpcClients.ts'
import { sendTransaction } from './sendTransaction.ts'
import { formatSignInMessage } from './signInMessage.ts'
import { signMessage } from './signMessage.ts'
import { switchNetwork } from './switchNetwork.ts'
import { isSmartAccount, prepareTransfer } from './transfer.ts'
import { waitForTransaction } from './waitForTransaction.ts'
import {
  createWalletConnect,
  WALLET_CONNECT_ID,
  walletConnectConnector,
} from './walletConnect/walletConnect.ts'
import { watchConnection } from './watchConnection.ts'

/**
 * The EVM `ChainAdapter`: EIP-6963 wallets (legacy `window.ethereum` as a fallback), WalletConnect when the app
 * offers it, and viem for RPC reads.
 * Apps do not call this; `evmAdapter()` loads it lazily.
 *
 * @example
 * const adapter = createEvmAdapter({ networks: [devnetA] })
 * const { accounts } = await adapter.connect({ connectorId: 'io.metamask' })
 */
export function createEvmAdapter(context: AdapterContext, options: EvmAdapterOptions = {}): ChainAdapter {
  const settings = resolveEvmAdapterOptions(options)
  const discovery = createConnectorDiscovery(settings)
  const clientFor = createRpcClients({ rpcTimeoutMs: settings.rpcTimeoutMs })
  const getBalance = createBalanceReader(settings, clientFor)
  // Wallets this adapter connected, so later calls reach them even after discovery has stopped.
  const connected = new Map<string, Eip1193Provider>()
  // The calls this adapter sent one by one, for their status.
  const sent: SentOneByOne = new Map()
  const walletConnect = context.walletConnect
    ? createWalletConnect({
        settings: context.walletConnect,
        networks: context.networks,
        metadata: context.metadata,
        options: settings.walletConnect,
        startTimeoutMs: PAIRING_START_MS,
        requestTimeoutMs: settings.requestTimeoutMs,
      })
    : undefined
  // E-mail login's embedded wallet, when the app offers it: its provider asks the frame.
  const email = context.frame
    ? createEmailWallet(context.frame, context.networks, context.storage)
    : undefined
  const offered = (list: readonly Connector[]) => [
    ...list,
    ...(walletConnect ? [walletConnectConnector] : []),
    ...(email ? [email] : []),
  ]

  /** The provider of a discovered connector, waiting briefly for a wallet that announces late. */
  async function discoveredProvider(connectorId: string): Promise<Eip1193Provider | undefined> {
    if (email && connectorId === EMAIL_CONNECTOR_ID) return email.provider
    const connector = await discovery.find(connectorId, settings.connectorWaitMs)
    return providerOf(connector)
  }

  /** The provider of a connected (or at least discovered) connector; rejects when there is none. */
  async function walletOf(connectorId: string): Promise<Eip1193Provider> {
    const provider = connected.get(connectorId) ?? (await discoveredProvider(connectorId))
    if (!provider) throw notFound(connectorId)
    return provider
  }

  function assertConfigured(network: { caipNetworkId: string; chainNamespace: string }) {
    const known = context.networks.some((n) => n.caipNetworkId === network.caipNetworkId)
    if (network.chainNamespace !== 'eip155' || !known)
      throw new ChainNotConfiguredError(network.caipNetworkId)
  }

  return {
    namespace: 'eip155',

    watchConnectors: (onChange) => discovery.watch((list) => onChange(offered(list))),

    async connect({ connectorId, network, onUri }) {
      if (walletConnect && connectorId === WALLET_CONNECT_ID) {
        const client = await walletConnect.client()
        const result = await client.connect({ network, onUri })
        connected.set(connectorId, client.provider)
        return result
      }
      const provider = await discoveredProvider(connectorId)
      if (!provider) throw notFound(connectorId)
      // The embedded wallet takes the page's network (a browser wallet stays on its own).
      if (provider === email?.provider && network)
        await switchNetwork({ provider, network, promptTimeoutMs: settings.promptTimeoutMs })
      const result = await connect({ connectorId, provider, timeouts: settings })
      connected.set(connectorId, provider)
      return result
    },

    async reconnect({ connectorId }) {
      if (walletConnect && connectorId === WALLET_CONNECT_ID) {
        const client = await walletConnect.client()
        const result = await client.restore()
        if (result) connected.set(connectorId, client.provider)
        return result
      }
      const provider = await discoveredProvider(connectorId)
      if (!provider) return undefined
      // The embedded wallet may wait for the visitor on its way back from Telegram (its frame asking, without storage,
      // for the wallet's window): as long as a prompt, within the client's own bound on a reconnect.
      const result = await reconnect({
        provider,
        requestTimeoutMs:
          connectorId === EMAIL_CONNECTOR_ID ? settings.promptTimeoutMs : settings.requestTimeoutMs,
      })
      if (result) connected.set(connectorId, provider)
      return result
    },

    async disconnect({ connectorId }) {
      if (walletConnect && connectorId === WALLET_CONNECT_ID) {
        await walletConnect.started()?.disconnect()
        connected.delete(connectorId)
        return
      }
      const provider = await walletOf(connectorId)
      await disconnect({ provider, requestTimeoutMs: settings.requestTimeoutMs })
      connected.delete(connectorId)
    },

    async switchNetwork({ connectorId, network }) {
      assertConfigured(network)
      const provider = await walletOf(connectorId)
      await switchNetwork({ provider, network, promptTimeoutMs: settings.promptTimeoutMs })
    },

    getBalance,

    async signMessage({ connectorId, address, message }) {
      const provider = await walletOf(connectorId)
      return signMessage({ provider, address, message, promptTimeoutMs: settings.promptTimeoutMs })
    },

    async sendTransaction({ connectorId, network, from, to, value, data, gas }) {
      const provider = await walletOf(connectorId)
      return sendTransaction({ provider, network, from, to, value, data, gas, timeouts: settings })
    },

    async waitForTransaction({ network, hash }) {
      assertConfigured(network)
      // A network without an RPC URL cannot be asked: what it moved is read again at once.
      const client = clientFor(network)
      if (client) await waitForTransaction(client, hash as Hex)
    },

    async sendCalls({ connectorId, network, from, calls, atomicRequired }) {
      assertConfigured(network)
      // A chunk of its own: few pages send calls.
      const [provider, { sendCalls }] = await Promise.all([walletOf(connectorId), import('./calls.ts')])
      const client = clientFor(network)
      return sendCalls({ provider, client, network, from, calls, atomicRequired, sent, timeouts: settings })
    },

    async getCallsStatus({ connectorId, network, id }) {
      assertConfigured(network)
      const [provider, { getCallsStatus }] = await Promise.all([walletOf(connectorId), import('./calls.ts')])
      return getCallsStatus({ provider, id, sent, timeouts: settings })
    },

    async prepareTransfer(parameters) {
      assertConfigured(parameters.network)
      return prepareTransfer(clientFor(parameters.network), parameters)
    },

    formatSignInMessage: formatSignInMessage,

    async isSmartAccount({ address, network }) {
      assertConfigured(network)
      return isSmartAccount(clientFor(network), address)
    },

    watchConnection(connectorId, listener) {
      const provider = connected.get(connectorId)
      if (!provider) throw notFound(connectorId)
      return watchConnection(provider, listener)
    },
  }
}

function providerOf(connector: Connector | undefined): Eip1193Provider | undefined {
  return isEip1193Provider(connector?.provider) ? connector.provider : undefined
}

function notFound(connectorId: string) {
  return new ConnectorNotConnectedError(`No EVM wallet with connector id "${connectorId}" is on this page.`)
}
