import type { SiwxController, SiwxState } from '@latch/core'
import { useEffect, useState } from 'react'
import { WalletImage } from '../../components/WalletImage/WalletImage.tsx'
import { useLatchClient } from '../../context.ts'
import { useAccount } from '../../hooks/useAccount.ts'
import { useStore } from '../../hooks/useStore.ts'
import './SignIn.css'

const selectStatus = (state: SiwxState) => state.status

/** The sign view once the sign-in chunk is in. */
function SignIn({ controller }: { controller: SiwxController }) {
  const client = useLatchClient()
  const { connectedWalletInfo } = useAccount()
  const status = useStore(controller.state, selectStatus)
  const app = client.options.metadata
  const appName = app?.name ?? 'This app'
  const busy = status === 'signing' || status === 'checking'

  return (
    <div className="latch-view latch-sign-in">
      <div className="latch-sign-in-images" aria-hidden="true">
        <WalletImage src={app?.icons[0]} name={appName} size={56} />
        <WalletImage src={connectedWalletInfo?.icon} name={connectedWalletInfo?.name ?? 'Wallet'} size={56} />
      </div>
      <h3 className="latch-strong">{appName} needs to connect to your wallet</h3>
      <p className="latch-muted latch-center-text">
        Sign this message to prove you own this wallet and proceed.
        {controller.required ? ' Canceling will disconnect you.' : ''}
      </p>
      <p className="latch-muted" role="status">
        {status === 'signing' ? 'Authenticating...' : ''}
      </p>
      <div className="latch-sign-in-actions">
        <button
          type="button"
          className="latch-button latch-button-secondary"
          disabled={status === 'signing'}
          onClick={() => void controller.cancel()}
        >
          Cancel
        </button>
        <button type="button" className="latch-button" disabled={busy} onClick={() => void controller.sign()}>
          {status === 'signing' ? 'Authenticating...' : 'Sign'}
        </button>
      </div>
    </div>
  )
}

/**
 * Sign-in (SPEC §4; SIWXSignMessage, and ConnectingSiwe for apps on plain SIWE): the wallet signs a
 * message that the session store verifies. Cancel disconnects when sign-in is required, otherwise closes.
 */
export default function SignInView() {
  const client = useLatchClient()
  const [controller, setController] = useState<SiwxController>()
  const [failed, setFailed] = useState(false)
  // Clearing `failed` ('Try again') runs it again.
  useEffect(() => {
    if (failed) return
    let live = true
    client.siwxController().then(
      (loaded) => live && setController(loaded),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [client, failed])

  if (controller) return <SignIn controller={controller} />
  // The sign-in chunk is core's and usually already loaded by the session check: a blank moment at most.
  if (!failed)
    return (
      <p className="latch-visually-hidden" role="status">
        Loading
      </p>
    )
  return (
    <div className="latch-view">
      <p className="latch-muted latch-center-text">Sign-in could not be loaded.</p>
      <button type="button" className="latch-button latch-button-secondary" onClick={() => setFailed(false)}>
        Try again
      </button>
    </div>
  )
}
