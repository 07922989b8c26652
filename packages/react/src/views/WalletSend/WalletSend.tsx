// The Send views share one chunk: a visitor who opens Send goes on to choose a token and to review.
import type { RouterState } from '@latch/core'
import { useEffect, useState } from 'react'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { loadTokensModule } from '../registry.ts'
import type { TokensModule } from './useSendForm.ts'
import WalletSendPreviewView from './WalletSendPreviewView.tsx'
import WalletSendSelectTokenView from './WalletSendSelectTokenView.tsx'
import WalletSendView from './WalletSendView.tsx'

const selectView = (state: RouterState) => state.view
let loaded: TokensModule | undefined

/** WalletSend, WalletSendSelectToken or WalletSendPreview, as the router says, once the token list's chunk is in. */
export default function WalletSend() {
  const view = useStore(useLatchClient().router.store, selectView)
  const [tokens, setTokens] = useState(loaded)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` loads the chunk again on 'Try again'
  useEffect(() => {
    if (tokens) return
    let live = true
    loadTokensModule().then(
      (module) => {
        loaded = module
        if (live) setTokens(module)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [tokens, attempt])

  if (!tokens)
    return failed ? (
      <div className="latch-view">
        <button
          type="button"
          className="latch-button latch-button-secondary"
          onClick={() => {
            setFailed(false)
            setAttempt(attempt + 1)
          }}
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
