import { isSwapBusy, swapTokens } from '@latch/core'
import { useLatchClient } from '../../context.ts'
import { SwapDetails } from './SwapDetails.tsx'
import { amountText, type SwapViewProps, useSwap } from './useSwap.ts'
import './Swap.css'

/**
 * Swap, last step: what leaves the account and what the quote gives for it, with its terms. 'Swap' asks the wallet:
 * for the approval first when the exchange may not yet move enough of the token, then for the swap. A decline at
 * either step shows here with a retry.
 */
export default function SwapPreviewView(props: SwapViewProps) {
  const { TokenIcon } = props.tokens
  const client = useLatchClient()
  const { form, balances, problem } = useSwap(props)
  const { from, to, quote, swapping } = form
  const busy = isSwapBusy(swapping)

  if (!from || !to || quote.status === 'idle') {
    return (
      <div className="latch-view">
        <p className="latch-muted latch-center-text">Nothing to swap.</p>
      </div>
    )
  }
  return (
    <div className="latch-view latch-swap">
      <div className="latch-swap-summary">
        <p className="latch-muted">Pay</p>
        <p className="latch-strong latch-swap-total" data-testid="latch-swap-pay">
          {form.amount.trim()} {from.symbol}
          <TokenIcon key={from.logoUri} src={from.logoUri} name={from.symbol} />
        </p>
        <p className="latch-muted">Receive</p>
        <p className="latch-strong latch-swap-total" data-testid="latch-swap-get">
          {quote.status === 'ready' ? amountText(quote.toAmount, to) : '…'} {to.symbol}
          <TokenIcon key={to.logoUri} src={to.logoUri} name={to.symbol} />
        </p>
      </div>
      <SwapDetails {...props} form={form} balances={balances} />
      {quote.status === 'failed' && !busy && (
        <button type="button" className="latch-button latch-button-secondary" onClick={quote.retry}>
          Could not get a quote. Try again
        </button>
      )}
      {(swapping === 'declined' || swapping === 'failed' || (problem && !busy)) && (
        <p className="latch-error-text" role="alert">
          {swapping === 'declined'
            ? 'Transaction declined'
            : swapping === 'failed'
              ? 'Failed to swap. Please try again.'
              : problem}
        </p>
      )}
      <div className="latch-swap-actions">
        <button
          type="button"
          className="latch-button latch-button-secondary"
          disabled={busy}
          onClick={() => client.back()}
        >
          Cancel
        </button>
        <button
          type="button"
          className="latch-button"
          disabled={busy || !!problem || quote.status !== 'ready'}
          onClick={() => void swapTokens(client)}
        >
          {swapping === 'approving'
            ? 'Approve in your wallet…'
            : swapping === 'swapping'
              ? 'Confirm in your wallet…'
              : swapping === 'idle'
                ? 'Swap'
                : 'Try again'}
        </button>
      </div>
    </div>
  )
}
