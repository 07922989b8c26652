// The Swap views share one chunk: a visitor who opens Swap goes on to choose tokens and to review.
import { followSwapQuotes, type RouterState } from '@latch/core'
import { useEffect } from 'react'
import { useAsync } from '../../async.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { tokensModule } from '../registry.ts'
import SwapPreviewView from './SwapPreviewView.tsx'
import SwapSelectTokenView from './SwapSelectTokenView.tsx'
import SwapView from './SwapView.tsx'

const selectView = (state: RouterState) => state.view

/** Swap, SwapSelectToken or SwapPreview, as the router says, once the token list's chunk is in; quotes kept fresh. */
export default function Swap() {
  const client = useLatchClient()
  const view = useStore(client.router.store, selectView)
  const tokens = useAsync(tokensModule.load, tokensModule, tokensModule.get)
  useEffect(() => followSwapQuotes(client), [client])

  if (tokens?.status === 'failed')
    return (
      <div className="latch-view">
        <button type="button" className="latch-button latch-button-secondary" onClick={tokens.retry}>
          Try again
        </button>
      </div>
    )
  if (tokens?.status !== 'ready') return <Spinner label="Loading" />
  const props = { tokens: tokens.value }
  if (view === 'SwapPreview') return <SwapPreviewView {...props} />
  if (view === 'SwapSelectToken') return <SwapSelectTokenView {...props} />
  return <SwapView {...props} />
}
