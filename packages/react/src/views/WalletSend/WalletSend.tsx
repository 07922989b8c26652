// The Send views share one chunk: a visitor who opens Send goes on to choose a token and to review.
import { lazy, type RouterState } from '@latch/core'
import { useEffect, useState } from 'react'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { loadTokensModule } from '../registry.ts'
import WalletSendPreviewView from './WalletSendPreviewView.tsx'
import WalletSendSelectTokenView from './WalletSendSelectTokenView.tsx'
import WalletSendView from './WalletSendView.tsx'

const selectView = (state: RouterState) => state.view
/** The token list's module (its balances hook and token icon), loaded once for every Send view. */
const tokensModule = lazy(loadTokensModule)

/** WalletSend, WalletSendSelectToken or WalletSendPreview, as the router says, once the token list's chunk is in. */
export default function WalletSend() {
  const view = useStore(useLatchClient().router.store, selectView)
  const [tokens, setTokens] = useState(tokensModule.get)
  const [failed, setFailed] = useState(false)
  // Clearing `failed` ('Try again') runs it again.
  useEffect(() => {
    if (tokens || failed) return
    let live = true
    tokensModule.load().then(
      (module) => live && setTokens(module),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [tokens, failed])

  if (!tokens)
    return failed ? (
      <div className="latch-view">
        <button
          type="button"
          className="latch-button latch-button-secondary"
          onClick={() => setFailed(false)}
        >
          Try again
        </button>
      </div>
    ) : (
      <Spinner label="Loading" />
    )
  if (view === 'WalletSendPreview') return <WalletSendPreviewView tokens={tokens} />
  if (view === 'WalletSendSelectToken') return <WalletSendSelectTokenView tokens={tokens} />
  return <WalletSendView tokens={tokens} />
}
