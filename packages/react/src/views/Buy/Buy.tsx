// The Buy views share one chunk: a visitor who opens Buy goes on to choose a token or currency, then to the
// provider's checkout and BuyInProgress.
import { followOnrampQuotes, onrampOptionsOf, type RouterState } from '@latch/core'
import { useEffect } from 'react'
import { useAsync } from '../../async.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { tokensModule } from '../registry.ts'
import BuyInProgressView from './BuyInProgressView.tsx'
import BuySelectView from './BuySelectView.tsx'
import BuyView from './BuyView.tsx'
import WhatIsABuyView from './WhatIsABuyView.tsx'
import './Buy.css'

const selectView = (state: RouterState) => state.view

/** OnRampBuy, its pickers, BuyInProgress or WhatIsABuy, as the router says, once the options are in; quotes kept fresh. */
export default function Buy() {
  const client = useLatchClient()
  const view = useStore(client.router.store, selectView)
  const tokens = useAsync(tokensModule.load, tokensModule, tokensModule.get)
  const options = useAsync(() => onrampOptionsOf(client), client)
  const ready = options?.status === 'ready' ? options.value : undefined
  useEffect(() => (ready ? followOnrampQuotes(client, ready) : undefined), [client, ready])

  const failed = tokens?.status === 'failed' ? tokens : options?.status === 'failed' ? options : undefined
  if (failed)
    return (
      <div className="latch-view">
        <p className="latch-muted latch-center-text">The on-ramp did not answer</p>
        <button type="button" className="latch-button latch-button-secondary" onClick={failed.retry}>
          Try again
        </button>
      </div>
    )
  if (!ready || tokens?.status !== 'ready') return <Spinner label="Loading" />
  const props = { tokens: tokens.value, options: ready }
  if (view === 'OnRampTokenSelect' || view === 'OnRampFiatSelect')
    return <BuySelectView {...props} fiat={view === 'OnRampFiatSelect'} />
  if (view === 'BuyInProgress') return <BuyInProgressView {...props} />
  if (view === 'WhatIsABuy') return <WhatIsABuyView />
  return <BuyView {...props} />
}
