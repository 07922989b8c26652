import {
  AccountNotFoundError,
  type AdapterContext,
  type AdapterEvent,
  BaseError,
  type ChainAdapter,
  ChainNotConfiguredError,
  type Connector,
  ConnectorNotConnectedError,
  type Network,
  SwitchChainError,
} from '@latch/core'
import { address, getBase58Decoder, getUtf8Encoder, isAddress } from '@solana/kit'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { createConnectorDiscovery } from './discovery.ts'
import { BalanceUnavailableError } from './errors.ts'
import type { SolanaNetwork } from './networks.ts'
import { resolveSolanaAdapterOptions, type SolanaAdapterOptions } from './options.ts'
import { createRpcClients, send } from './rpc.ts'
import { formatSignInMessage } from './signInMessage.ts'
import { buildTransfer, prepareTransfer } from './transfer.ts'
import { accountOf, askWallet, featureOf } from './wallet.ts'

const solanaAccounts = (accounts: readonly WalletAccount[]) =>
  accounts.filter((account) => account.chains.some((chain) => chain.startsWith('solana:')))

const walletChainOf = (network: Network) =>
  (network as Partial<SolanaNetwork>).walletChain ?? 'solana:localnet'

/**
 * The Solana `ChainAdapter`: Wallet Standard wallets, and `@solana/kit` for the chain (balances, fees, building
 * transfers). Apps do not call this; `solanaAdapter()` loads it lazily.
 *
 * @example
 * const adapter = createSolanaAdapter({ networks: [solanaLocalnet()] })
 * const { accounts } = await adapter.connect({ connectorId: 'solana:Latch Dev Wallet' })
 */
export function createSolanaAdapter(
  context: AdapterContext,
  options: SolanaAdapterOptions = {},
): ChainAdapter {
  const settings = resolveSolanaAdapterOptions(options)
  const discovery = createConnectorDiscovery()
  const rpcFor = createRpcClients()
  // Wallets this adapter connected, so later calls reach them even after discovery has stopped.
  const connected = new Map<string, Wallet>()

  async function walletOf(connectorId: string): Promise<Wallet> {
    const wallet =
      connected.get(connectorId) ?? walletIn(await discovery.find(connectorId, settings.connectorWaitMs))
    if (!wallet) throw notFound(connectorId)
    return wallet
  }

  function configured(network: Network): Network {
    const known = context.networks.find((n) => n.caipNetworkId === network.caipNetworkId)
    if (network.chainNamespace !== 'solana' || !known)
      throw new ChainNotConfiguredError(network.caipNetworkId)
    return known
  }

  /** The network to report after connecting: the one asked for when the wallet serves it, else the first it does. */
  function networkFor(wallet: Wallet, wanted: Network | undefined): Network {
    const serves = (network: Network) => wallet.chains.includes(walletChainOf(network))
    const candidates = wanted ? [wanted, ...context.networks] : context.networks
    const network = candidates.find(serves) ?? candidates[0]
    if (!network) throw new ChainNotConfiguredError('solana')
    return network
  }

  async function connectWallet(connectorId: string, silent: boolean, wanted?: Network) {
    const wallet = await walletOf(connectorId)
    const { accounts } = await askWallet(
      () => featureOf(wallet, 'standard:connect').connect(silent ? { silent: true } : undefined),
      silent ? settings.requestTimeoutMs : settings.promptTimeoutMs,
      'connect',
    )
    const addresses = solanaAccounts(accounts).map((account) => account.address)
    if (!addresses.length) {
      if (silent) return undefined
      throw new AccountNotFoundError(connectorId)
    }
    connected.set(connectorId, wallet)
    return { accounts: addresses, chainId: networkFor(wallet, wanted).id }
  }

  return {
    namespace: 'solana',

    watchConnectors: (onChange) => discovery.watch(onChange),

    connect: ({ connectorId, network }) =>
      connectWallet(connectorId, false, network).then((result) => result!),

    async reconnect({ connectorId }) {
      const wallet = walletIn(await discovery.find(connectorId, settings.connectorWaitMs))
      if (!wallet) return undefined
      return connectWallet(connectorId, true)
    },

    async disconnect({ connectorId }) {
      const wallet = await walletOf(connectorId)
      const feature = wallet.features['standard:disconnect']
        ? featureOf(wallet, 'standard:disconnect')
        : undefined
      if (feature) await askWallet(() => feature.disconnect(), settings.requestTimeoutMs, 'disconnect')
      connected.delete(connectorId)
    },

    async switchNetwork({ connectorId, network }) {
      const target = configured(network)
      const wallet = await walletOf(connectorId)
      // A Wallet Standard wallet has no current chain: the app names one with every transaction. It has to serve it.
      if (!wallet.chains.includes(walletChainOf(target)))
        throw new SwitchChainError({ details: `${wallet.name} does not serve ${walletChainOf(target)}.` })
    },

    async getBalance({ address: owner, network }) {
      const rpc = rpcFor(configured(network))
      if (!isAddress(owner))
        throw new BalanceUnavailableError({ details: `${owner} is not a Solana address.` })
      try {
        const { value } = await send(rpc.getBalance(address(owner)), settings.rpcTimeoutMs)
        const { decimals, symbol } = network.nativeCurrency
        return { value: BigInt(value), decimals, symbol }
      } catch (cause) {
        throw new BalanceUnavailableError({ cause })
      }
    },

    async signMessage({ connectorId, address: signer, message }) {
      const wallet = await walletOf(connectorId)
      const account = accountOf(wallet, signer)
      const [output] = await askWallet(
        () =>
          featureOf(wallet, 'solana:signMessage').signMessage({
            account,
            message: new Uint8Array(getUtf8Encoder().encode(message)),
          }),
        settings.promptTimeoutMs,
        'sign message',
      )
      if (!output) throw new BaseError('The wallet returned no signature')
      return getBase58Decoder().decode(output.signature)
    },

    async sendTransaction({ connectorId, network, from, to, value, data, token }) {
      if (data) throw new BaseError('Invalid transaction', { details: 'Solana transfers take no call data.' })
      const target = configured(network)
      const wallet = await walletOf(connectorId)
      const account = accountOf(wallet, from)
      const transaction = await buildTransfer(
        rpcFor(target),
        { from, to, amount: value ?? 0n, token },
        settings.rpcTimeoutMs,
      )
      const [output] = await askWallet(
        () =>
          featureOf(wallet, 'solana:signAndSendTransaction').signAndSendTransaction({
            account,
            chain: walletChainOf(target),
            transaction,
            options: { commitment: 'confirmed' },
          }),
        settings.promptTimeoutMs,
        'send transaction',
      )
      if (!output) throw new BaseError('The wallet returned no signature')
      return getBase58Decoder().decode(output.signature)
    },

    async prepareTransfer(parameters) {
      const rpc = rpcFor(configured(parameters.network))
      return prepareTransfer(rpc, parameters, settings.rpcTimeoutMs)
    },

    formatSignInMessage,

    // Solana has no contract accounts that pay their own fees here: every account pays its fee in SOL.
    isSmartAccount: async () => false,

    watchConnection(connectorId, listener: (event: AdapterEvent) => void) {
      const wallet = connected.get(connectorId)
      if (!wallet) throw notFound(connectorId)
      const events = wallet.features['standard:events'] ? featureOf(wallet, 'standard:events') : undefined
      if (!events) return () => undefined
      let last = solanaAccounts(wallet.accounts).map((account) => account.address)
      return events.on('change', ({ accounts }) => {
        if (!accounts) return
        const next = solanaAccounts(accounts).map((account) => account.address)
        if (next.length === last.length && next.every((a, i) => a === last[i])) return
        last = next
        listener({ type: 'accountsChanged', accounts: next })
      })
    },
  }
}

function walletIn(connector: Connector | undefined): Wallet | undefined {
  return connector?.provider as Wallet | undefined
}

function notFound(connectorId: string) {
  return new ConnectorNotConnectedError(
    `No Solana wallet with connector id "${connectorId}" is on this page.`,
  )
}
