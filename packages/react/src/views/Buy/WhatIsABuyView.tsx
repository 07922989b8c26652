import { useLatchClient } from '../../context.ts'

const points = [
  ['Pay as you do online', 'Buy crypto with a card or a bank account, through a provider you choose.'],
  ['Straight to this wallet', 'The provider checks your payment and sends what you bought to your address.'],
  ['Fees shown first', 'Each provider shows its fee and the network fee before you pay.'],
  ['Your details stay with them', 'Your card and identity go to the provider, never to this app.'],
] as const

/** WhatIsABuy: what buying crypto here means, and a way back to Buy. */
export default function WhatIsABuyView() {
  const client = useLatchClient()
  return (
    <div className="latch-view latch-buy-about">
      <dl>
        {points.map(([title, text]) => (
          <div key={title}>
            <dt className="latch-strong">{title}</dt>
            <dd className="latch-muted">{text}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="latch-button" onClick={() => client.back()}>
        Buy crypto
      </button>
    </div>
  )
}
