// The Send views share one chunk: a visitor who opens Send goes on to choose a token and to review.
import type { RouterState } from '@latch/core'
import { useLatchClient } from '../../context.ts'
import { useAsync } from '../../hooks/useAsync.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { tokensModule } from '../registry.ts'
import WalletSendPreviewView from './WalletSendPreviewView.tsx'
import WalletSendSelectTokenView from './WalletSendSelectTokenView.tsx'
import WalletSendView from './WalletSendView.tsx'

const selectView = (state: RouterState) => state.view

/** WalletSend, WalletSendSelectToken or WalletSendPreview, as the router says, once the token list's chunk is in. */
export default function WalletSend() {
  const view = useStore(useLatchClient().router.store, selectView)
  const state = useAsync(tokensModule.load, tokensModule, tokensModule.get)
  if (state?.status === 'failed')
    return (
      <div className="latch-view">
        <button type="button" className="latch-button latch-button-secondary" onClick={state.retry}>
          Try again
        </button>
      </div>
    )
  if (state?.status !== 'ready') return <Spinner label="Loading" />
  const tokens = state.value
  if (view === 'WalletSendPreview') return <WalletSendPreviewView tokens={tokens} />
  if (view === 'WalletSendSelectToken') return <WalletSendSelectTokenView tokens={tokens} />
  return <WalletSendView tokens={tokens} />
}
