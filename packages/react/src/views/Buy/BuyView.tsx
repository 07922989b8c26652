import { networkFor, ONRAMP_PRESETS, onrampFormOf, onrampProblem } from '@latch/core'
import { type FormEvent, useEffect, useId } from 'react'
import { type BuyViewProps, useBuy, useIconUrl } from './useBuy.ts'

/**
 * Buy: the amount in a fiat currency (presets or typed), the token to receive, each provider with its fee
 * and what it gives, the chosen provider's quote in full, and Continue, which says what still stops the purchase
 * (SPEC §9's limits) or opens the provider's checkout. Estimates (no provider answered, SPEC §8) say so.
 */
export default function BuyView(props: BuyViewProps) {
  const { TokenIcon } = props.tokens
  const { options } = props
  const { client, form, currencies, open, chainId } = useBuy(props)
  const icon = useIconUrl()
  const store = onrampFormOf(client)
  const amountId = useId()
  const receiveId = useId()
  const problemId = useId()
  const { amount, fiat, asset, provider, quotes, buying } = form
  const token = currencies.find(({ id }) => id === asset)
  const chosen = provider ? quotes[provider] : undefined
  const quote = chosen?.status === 'ready' ? chosen.quote : undefined
  const problem = onrampProblem(form, options)
  const opening = buying.status === 'opening'
  const estimate = options.estimate || quote?.estimate
  // A new purchase: how the last attempt ended is not this one's.
  useEffect(
    () => store.setState((last) => (last.buying.status === 'opening' ? {} : { buying: { status: 'idle' } })),
    [store],
  )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!problem && quote && !opening) open()
  }
  const money = ({ value, currency }: { value: string; currency: string }) => `${value} ${currency}`

  return (
    <form className="latch-view latch-buy" onSubmit={onSubmit} noValidate>
      {estimate && (
        <p className="latch-buy-note" role="note">
          Estimates: no provider answered
        </p>
      )}
      <div className="latch-buy-box">
        <label className="latch-strong" htmlFor={amountId}>
          You pay
        </label>
        <div className="latch-buy-row">
          <input
            id={amountId}
            className="latch-buy-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={amount}
            aria-describedby={problemId}
            onChange={(event) => store.setState({ amount: event.target.value })}
          />
          <button
            type="button"
            className="latch-buy-pick"
            aria-label={`Pay in ${fiat}. Change currency`}
            onClick={() => client.router.push('OnRampFiatSelect')}
          >
            <TokenIcon key={fiat} src={icon('Currency', fiat)} name={fiat} />
            {fiat}
          </button>
        </div>
        <div className="latch-buy-presets">
          {ONRAMP_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="latch-buy-preset"
              aria-pressed={amount === String(preset)}
              onClick={() => store.setState({ amount: String(preset) })}
            >
              {preset.toLocaleString('en-US')}
            </button>
          ))}
        </div>
      </div>
      <div className="latch-buy-box">
        <span className="latch-strong" id={receiveId}>
          You receive
        </span>
        <div className="latch-buy-row">
          <output
            aria-live="off"
            className="latch-buy-amount latch-clip"
            aria-labelledby={receiveId}
            data-testid="latch-buy-receive"
          >
            {quote ? quote.purchaseAmount.value : chosen?.status === 'loading' ? '…' : '0'}
          </output>
          <button
            type="button"
            className="latch-buy-pick"
            aria-label={token ? `Receive ${token.symbol}. Change token` : 'Select token to receive'}
            onClick={() => client.router.push('OnRampTokenSelect')}
          >
            {token ? (
              <>
                <TokenIcon key={token.symbol} src={icon('Token', token.symbol)} name={token.symbol} />
                {token.symbol}
              </>
            ) : (
              'Select token'
            )}
          </button>
        </div>
      </div>
      {token && networkFor(token, chainId) !== chainId && (
        <p className="latch-buy-note">
          On {token.networks.find((network) => network.chain_id === networkFor(token, chainId))?.display_name}
        </p>
      )}
      {options.providers.length === 0 && (
        <p className="latch-buy-note" role="alert">
          Buying is not offered here
        </p>
      )}
      <fieldset className="latch-buy-providers">
        <legend className="latch-strong">Provider</legend>
        {options.providers.map(({ id, name }) => {
          const state = quotes[id]
          return (
            <label key={id} className="latch-row">
              <input
                type="radio"
                name="latch-buy-provider"
                checked={provider === id}
                onChange={() => store.setState({ provider: id })}
              />
              <span className="latch-row-label latch-clip">{name}</span>
              <span className="latch-muted latch-clip">
                {state?.status === 'ready'
                  ? `Fee ${money(state.quote.coinbaseFee)}`
                  : state?.status === 'failed'
                    ? state.message
                    : state && '…'}
              </span>
            </label>
          )
        })}
      </fieldset>
      {quote && (
        <dl className="latch-buy-terms" data-testid="latch-buy-quote">
          <dt className="latch-muted">Purchase amount</dt>
          <dd>{money(quote.purchaseAmount)}</dd>
          <dt className="latch-muted">Network fee</dt>
          <dd>{money(quote.networkFee)}</dd>
          <dt className="latch-muted">Provider fee</dt>
          <dd>{money(quote.coinbaseFee)}</dd>
          <dt className="latch-strong">Total</dt>
          <dd className="latch-strong">{money(quote.paymentTotal)}</dd>
        </dl>
      )}
      {buying.status === 'failed' && (
        <p className="latch-error-text" role="alert">
          {buying.message}
        </p>
      )}
      <span id={problemId} className="latch-visually-hidden" role="status">
        {problem}
      </span>
      <button type="submit" className="latch-button" disabled={!!problem || !quote || opening}>
        {problem ??
          (opening ? 'Opening checkout…' : chosen?.status === 'loading' ? 'Getting quote…' : 'Continue')}
      </button>
      <button type="button" className="latch-buy-help" onClick={() => client.router.push('WhatIsABuy')}>
        What is Buy?
      </button>
    </form>
  )
}
