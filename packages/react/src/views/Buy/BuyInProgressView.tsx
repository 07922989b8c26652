import { followBuy } from '@latch/core'
import { useEffect } from 'react'
import { Icon } from '../../components/Icon/Icon.tsx'
import { type BuyViewProps, useBuy } from './useBuy.ts'

/**
 * BuyInProgress: the provider's checkout is open in its window; the account's on-ramp history is asked every 4 s
 * until the purchase completes (then 'Bought …' and Account) or fails — declined, 180 s without completing, or the
 * window closed before paying: 'Buy failed', with Try again and the checkout's link to copy.
 */
export default function BuyInProgressView(props: BuyViewProps) {
  const { client, form, open } = useBuy(props)
  const { buying } = form
  useEffect(() => followBuy(client), [client])
  const url = buying.status === 'waiting' || buying.status === 'failed' ? buying.url : undefined
  const name = props.options.providers.find(({ id }) => id === form.provider)?.name ?? 'the provider'
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url ?? '')
      client.snack.show('success', 'Link copied')
    } catch {
      client.snack.show('error', 'Could not copy the link')
    }
  }
  const copyButton = url && (
    <button type="button" className="latch-button latch-button-secondary" onClick={copy}>
      <Icon name="copy" /> Copy link
    </button>
  )

  if (buying.status === 'failed')
    return (
      <div className="latch-view latch-buy-progress">
        <span className="latch-buy-failed">
          <Icon name="alert" />
        </span>
        <div role="alert">
          <p className="latch-strong">Buy failed</p>
          <p className="latch-muted">{buying.message}</p>
        </div>
        <button type="button" className="latch-button" onClick={open}>
          Try again
        </button>
        {copyButton}
      </div>
    )
  return (
    <div className="latch-view latch-buy-progress">
      <span className="latch-spinner" aria-hidden="true" />
      <div role="status">
        <p className="latch-strong">
          {buying.status !== 'waiting'
            ? 'Opening checkout…'
            : buying.paid
              ? 'Payment received'
              : 'Buy in progress'}
        </p>
        <p className="latch-muted">
          {buying.status === 'waiting' && buying.paid
            ? 'On its way to this wallet.'
            : `Finish in ${name}’s window.`}
        </p>
      </div>
      {buying.status === 'waiting' && buying.blocked && (
        <a className="latch-button" href={buying.url} target="_blank" rel="noopener noreferrer">
          <Icon name="external" /> Open checkout
        </a>
      )}
      {copyButton}
    </div>
  )
}
