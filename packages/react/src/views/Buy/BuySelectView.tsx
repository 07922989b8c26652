import { onrampFormOf } from '@latch/core'
import { type BuyViewProps, useBuy, useIconUrl } from './useBuy.ts'

/** Buy: the tokens sold on the network (OnRampTokenSelect) or the fiat currencies to pay in (OnRampFiatSelect). */
export default function BuySelectView(props: BuyViewProps & { fiat: boolean }) {
  const { TokenIcon } = props.tokens
  const { client, form, currencies } = useBuy(props)
  const icon = useIconUrl()
  const { fiat } = props
  const rows = fiat
    ? props.options.paymentCurrencies.map(({ id }) => ({
        id,
        symbol: id,
        name: '',
        kind: 'Currency' as const,
      }))
    : currencies.map(({ id, symbol, name }) => ({ id, symbol, name, kind: 'Token' as const }))
  const current = fiat ? form.fiat : form.asset
  return (
    <div className="latch-view">
      <ul className="latch-list" aria-label={fiat ? 'Currencies to pay in' : 'Tokens to buy'}>
        {rows.map(({ id, symbol, name, kind }) => (
          <li key={id}>
            <button
              type="button"
              className="latch-row"
              aria-current={id === current || undefined}
              onClick={() => {
                onrampFormOf(client).setState(fiat ? { fiat: id } : { asset: id })
                client.back()
              }}
            >
              <TokenIcon key={symbol} src={icon(kind, symbol)} name={symbol} />
              <span className="latch-row-label latch-clip" title={`${symbol} ${name}`}>
                {symbol}
                {name && <span className="latch-muted"> {name}</span>}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
