import { useLatchClient } from '../../context.ts'
import { NetworkList } from '../shared/NetworkList.tsx'

/** Shown when the wallet is on a network the app does not support; back-navigation is blocked (SPEC §2). */
export default function UnsupportedChainView() {
  const client = useLatchClient()
  return (
    <div className="latch-view">
      <p className="latch-muted latch-center-text">
        This app doesn't support your current network. Switch to an available option to continue.
      </p>
      <NetworkList />
      <button
        type="button"
        className="latch-button latch-button-secondary latch-wide"
        onClick={() => client.disconnect().catch(() => undefined)}
      >
        Disconnect
      </button>
    </div>
  )
}
