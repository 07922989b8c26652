import {
  balanceOf,
  floorBalance,
  groupDigits,
  heldOf,
  isSwapBusy,
  isSwapCoin,
  type SwapToken,
  swapFormOf,
} from '@latch/core'
import { type FormEvent, useEffect, useId } from 'react'
import { Icon } from '../../components/Icon/Icon.tsx'
import { useLatchClient } from '../../context.ts'
import { SwapDetails } from './SwapDetails.tsx'
import { amountText, type SwapViewProps, useSwap } from './useSwap.ts'
import './Swap.css'

/**
 * Swap (issue 18): the token to pay with and its amount, the token to receive and what the quote gives (asked 200 ms
 * after typing stops, again every 10 s), the quote's terms, and a button that says what still stops the swap
 * ('Insufficient balance', 'Insufficient liquidity', 'Incorrect amount', 'Price impact too high') or opens the review.
 */
export default function SwapView(props: SwapViewProps) {
  const { TokenIcon, formatUsd } = props.tokens
  const client = useLatchClient()
  const form = swapFormOf(client)
  const { form: state, list, balances, problem } = useSwap(props)
  const { from, to, quote } = state
  const payId = useId()
  const receiveId = useId()
  const ready = !problem && quote.status === 'ready'
  // A new swap: how the last attempt ended is not this one's.
  useEffect(() => form.setState((last) => (isSwapBusy(last.swapping) ? {} : { swapping: 'idle' })), [form])

  const pick = (picking: 'from' | 'to') => {
    form.setState({ picking })
    client.router.push('SwapSelectToken')
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (ready) client.router.push('SwapPreview')
  }
  const held = from && balances ? heldOf(from, balances) : undefined
  const setMax = () => {
    if (!from || held === undefined) return
    // Paying with the coin leaves the fee.
    const fee = isSwapCoin(from) && quote.status === 'ready' ? (quote.fee ?? 0n) : 0n
    form.setState({ amount: floorBalance(held > fee ? held - fee : 0n, from.decimals, from.decimals) })
  }
  const price = from && balances && balanceOf(from, balances)?.price
  const typed = Number(state.amount.replace(',', '.'))

  const tokenButton = (token: SwapToken | undefined, side: 'from' | 'to') => (
    <button
      type="button"
      className="latch-swap-token"
      onClick={() => pick(side)}
      aria-label={
        token
          ? `${side === 'from' ? 'Pay with' : 'Receive'} ${token.symbol}. Change token`
          : `Select token to ${side === 'from' ? 'pay with' : 'receive'}`
      }
    >
      {token ? (
        <>
          <TokenIcon key={token.logoUri} src={token.logoUri} name={token.symbol} />
          {token.symbol}
        </>
      ) : (
        'Select token'
      )}
    </button>
  )

  return (
    <form className="latch-view latch-swap" onSubmit={onSubmit} noValidate>
      <div className="latch-swap-box">
        <label className="latch-strong" htmlFor={payId}>
          You pay
        </label>
        <div className="latch-swap-row">
          <input
            id={payId}
            className="latch-swap-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={state.amount}
            onChange={(event) => form.setState({ amount: event.target.value })}
          />
          {tokenButton(from, 'from')}
        </div>
        <div className="latch-swap-row latch-swap-note latch-muted">
          <span>{price && typed ? formatUsd(typed * price) : ''}</span>
          {from && held !== undefined && (
            <span>
              {groupDigits(floorBalance(held, from.decimals))} {from.symbol} available{' '}
              <button type="button" className="latch-swap-max" onClick={setMax}>
                Max
              </button>
            </span>
          )}
        </div>
      </div>
      <button
        type="button"
        className="latch-icon-button latch-swap-flip"
        aria-label="Switch the tokens"
        onClick={() => form.setState({ from: to, to: from })}
      >
        <Icon name="arrowDown" />
      </button>
      <div className="latch-swap-box">
        <span className="latch-strong" id={receiveId}>
          You receive
        </span>
        <div className="latch-swap-row">
          <output
            aria-live="off"
            className="latch-swap-amount latch-clip"
            aria-labelledby={receiveId}
            data-testid="latch-swap-receive"
          >
            {quote.status === 'ready' && to
              ? amountText(quote.toAmount, to)
              : quote.status === 'loading'
                ? '…'
                : '0'}
          </output>
          {tokenButton(to, 'to')}
        </div>
      </div>
      <SwapDetails {...props} form={state} balances={balances} />
      {list?.status === 'ready' && list.value.length < 2 && (
        <p className="latch-error-text" role="alert">
          Network not supported for Swaps
        </p>
      )}
      {list?.status === 'failed' && (
        <button type="button" className="latch-button latch-button-secondary" onClick={list.retry}>
          Try again
        </button>
      )}
      {quote.status === 'failed' && (
        <button type="button" className="latch-button latch-button-secondary" onClick={quote.retry}>
          Could not get a quote. Try again
        </button>
      )}
      <button type="submit" className="latch-button" disabled={!ready}>
        {problem ?? (quote.status === 'loading' ? 'Getting quote…' : 'Review Swap')}
      </button>
    </form>
  )
}
