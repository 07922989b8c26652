import { useLatchClient } from '../../context.ts'

const points = [
  ['Pay as you do online', 'By card or bank account, through a provider you choose.'],
  [
    'Straight to this wallet',
    'The provider sends what you buy to your address; your card details stay with it.',
  ],
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
