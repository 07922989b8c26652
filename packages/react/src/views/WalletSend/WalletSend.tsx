// The Send views share one chunk: a visitor who opens Send goes on to choose a token and to review.
import { createSendController, type RouterState, type SendController } from '@latch/core'
import { useEffect, useState } from 'react'
import { useAsync } from '../../async.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { tokensModule } from '../registry.ts'
import WalletSendPreviewView from './WalletSendPreviewView.tsx'
import WalletSendSelectTokenView from './WalletSendSelectTokenView.tsx'
import WalletSendView from './WalletSendView.tsx'

const selectView = (state: RouterState) => state.view

/** WalletSend, WalletSendSelectToken or WalletSendPreview, as the router says, once the token list's chunk is in. */
export default function WalletSend() {
  const client = useLatchClient()
  const view = useStore(client.router.store, selectView)
  const tokens = useAsync(tokensModule.load, tokensModule, tokensModule.get)
  const [form, setForm] = useState<SendController>()
  // One form for the three views, following the client while they show.
  useEffect(() => {
    const created = createSendController(client)
    setForm(created)
    return created.destroy
  }, [client])

  if (tokens?.status === 'failed')
    return (
      <div className="latch-view">
        <button type="button" className="latch-button latch-button-secondary" onClick={tokens.retry}>
          Try again
        </button>
      </div>
    )
  if (tokens?.status !== 'ready' || !form) return <Spinner label="Loading" />
  const props = { tokens: tokens.value, form }
  if (view === 'WalletSendPreview') return <WalletSendPreviewView {...props} />
  if (view === 'WalletSendSelectToken') return <WalletSendSelectTokenView {...props} />
  return <WalletSendView {...props} />
}
