import type { SiwxController, SiwxState } from '@latch/core'
import { useAsync } from '../../async.tsx'
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
  const controller = useAsync(client.siwxController, client)
  if (controller?.status === 'ready') return <SignIn controller={controller.value} />
  // The sign-in chunk is core's and usually already loaded by the session check: a blank moment at most.
  if (controller?.status !== 'failed')
    return (
      <p className="latch-visually-hidden" role="status">
        Loading
      </p>
    )
  return (
    <div className="latch-view">
      <p className="latch-muted latch-center-text">Sign-in could not be loaded.</p>
      <button type="button" className="latch-button latch-button-secondary" onClick={controller.retry}>
        Try again
      </button>
    </div>
  )
}
