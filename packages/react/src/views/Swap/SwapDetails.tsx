import {
  floorBalance,
  minimumReceived,
  PRICE_IMPACT_WARN,
  type SwapFormState,
  swapAmountOf,
  type TokenBalance,
} from '@latch/core'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { amountText, type SwapViewProps } from './useSwap.ts'

/**
 * The quote's terms, as the Swap view and its review show them: the rate, the price impact (warned above 5 %), the
 * least the swap gives at SPEC §9's 1 % slippage, and the network fee in the coin and in USD.
 */
export function SwapDetails({
  tokens,
  form,
  balances,
}: SwapViewProps & { form: SwapFormState; balances: TokenBalance[] | undefined }) {
  const { network } = useNetwork()
  const { from, to, quote } = form
  const amount = swapAmountOf(form)
  if (!from || !to || !amount || quote.status !== 'ready') return null
  const rate = Number(quote.toAmount) / 10 ** to.decimals / (Number(amount) / 10 ** from.decimals)
  const { priceImpact, fee } = quote
  const coinPrice = balances?.find((held) => !held.address)?.price
  const { decimals, symbol } = network.nativeCurrency
  return (
    <dl className="latch-swap-terms" data-testid="latch-swap-details">
      <dt className="latch-muted">Rate</dt>
      <dd>
        1 {from.symbol} = {Number(rate.toPrecision(6))} {to.symbol}
      </dd>
      {priceImpact !== undefined && (
        <>
          <dt className="latch-muted">Price impact</dt>
          <dd className={priceImpact > PRICE_IMPACT_WARN ? 'latch-swap-warning' : undefined}>
            {priceImpact.toFixed(2)} %{priceImpact > PRICE_IMPACT_WARN && ' (high)'}
          </dd>
        </>
      )}
      <dt className="latch-muted">Minimum received</dt>
      <dd>
        {amountText(minimumReceived(quote.toAmount), to)} {to.symbol}
      </dd>
      {fee !== undefined && (
        <>
          <dt className="latch-muted">Network fee</dt>
          <dd>
            {floorBalance(fee, decimals, 6)} {symbol}
            {coinPrice !== undefined && (
              <span className="latch-muted">
                {' '}
                {tokens.formatUsd((Number(fee) / 10 ** decimals) * coinPrice)}
              </span>
            )}
          </dd>
        </>
      )}
    </dl>
  )
}
