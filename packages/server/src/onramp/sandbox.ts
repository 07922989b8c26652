// The on-ramp the Latch server hosts itself for development: it sells the devnet's ETH and LUSD for US dollars at
// the price provider's prices, with a 1 % fee and a fixed network fee, so the modal's Buy flow runs against a real
// service here. (Its checkout page, which pays on the devnet, is the next slice.)
import { randomUUID } from 'node:crypto'
import { type ChainConfig, type PriceProvider, priceKey } from '../chains/types.ts'
import { type OnrampProvider, OnrampProviderError, type OnrampQuote, type PurchaseCurrency } from './types.ts'

/** SPEC §9: the on-ramp fee range is 1–2 %; the sandbox takes the low end. */
export const SANDBOX_FEE_PERCENT = 1
/** What the sandbox charges for sending the asset, in US dollars. */
export const SANDBOX_NETWORK_FEE_USD = 0.5
/** SPEC §9's sample limits, which the sandbox enforces. */
const limits = [
  { id: 'card', min: '10', max: '7500' },
  { id: 'ach_bank_account', min: '10', max: '25000' },
]
/** The assets it sells: the coin and the devnet's dollar token. */
const sold = ['ETH', 'LUSD']

/**
 * The sandbox provider over the configured chains (their coin and LUSD, where listed), priced by `prices`.
 *
 * @example
 * const sandbox = sandboxOnrampProvider(config.chains, config.prices)
 * await sandbox.quote({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: '31337' })
 */
export function sandboxOnrampProvider(chains: readonly ChainConfig[], prices: PriceProvider): OnrampProvider {
  const assetsOf = (symbol: string) =>
    chains.flatMap((chain) => {
      if (chain.nativeCurrency.symbol === symbol)
        return [{ chain, address: 'native', decimals: chain.nativeCurrency.decimals }]
      const token = chain.tokens.find((candidate) => candidate.symbol === symbol)
      return token ? [{ chain, address: token.address, decimals: token.decimals }] : []
    })
  const purchaseCurrencies: PurchaseCurrency[] = sold.flatMap((symbol) => {
    const assets = assetsOf(symbol)
    if (assets.length === 0) return []
    const name =
      symbol === 'ETH'
        ? 'Ether'
        : (chains.flatMap((c) => c.tokens).find((t) => t.symbol === symbol)?.name ?? symbol)
    return [
      {
        id: symbol,
        name,
        symbol,
        networks: assets.map(({ chain, address }) => ({
          name: chain.name,
          display_name: chain.name,
          chain_id: String(chain.chainId),
          contract_address: address === 'native' ? '' : address,
        })),
      },
    ]
  })

  return {
    id: 'sandbox',
    name: 'Latch Sandbox',

    async options() {
      return { paymentCurrencies: [{ id: 'USD', payment_method_limits: limits }], purchaseCurrencies }
    },

    async quote(request): Promise<OnrampQuote> {
      const { purchaseCurrency, paymentCurrency, network } = request
      if (paymentCurrency !== 'USD')
        throw new OnrampProviderError('paymentCurrency', 'The sandbox takes USD only')
      const assets = sold.includes(purchaseCurrency) ? assetsOf(purchaseCurrency) : []
      if (assets.length === 0)
        throw new OnrampProviderError(
          'purchaseCurrency',
          `The sandbox does not sell ${purchaseCurrency}: ${sold.join(' or ')} on the devnet's chains`,
        )
      const asset = assets.find(({ chain }) => String(chain.chainId) === network || chain.name === network)
      if (!asset)
        throw new OnrampProviderError(
          'network',
          `The sandbox sells ${purchaseCurrency} on ${assets.map(({ chain }) => chain.name).join(', ')} only`,
        )
      const amount = Number(request.amount)
      const [min, max] = [Number(limits[1]!.min), Number(limits[1]!.max)]
      if (!(amount >= min && amount <= max))
        throw new OnrampProviderError('amount', `amount must be from ${min} to ${max} USD`)
      const key = { chainId: asset.chain.caipNetworkId, address: asset.address, symbol: purchaseCurrency }
      const price = (await prices.prices('usd', [key])).get(priceKey(key))
      if (!price) throw new Error(`No price for ${purchaseCurrency}`)
      const fee = (amount * SANDBOX_FEE_PERCENT) / 100
      const bought = (amount - fee - SANDBOX_NETWORK_FEE_USD) / price
      const usd = (value: number) => ({ value: value.toFixed(2), currency: 'USD' })
      return {
        paymentTotal: usd(amount),
        paymentSubtotal: usd(amount - fee - SANDBOX_NETWORK_FEE_USD),
        purchaseAmount: { value: bought.toFixed(Math.min(asset.decimals, 8)), currency: purchaseCurrency },
        networkFee: usd(SANDBOX_NETWORK_FEE_USD),
        coinbaseFee: usd(fee),
        quoteId: randomUUID(),
      }
    },
  }
}
