import { useChunk } from '../../chunk.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { viewChunks } from '../registry.ts'
import { PairingCode } from './PairingCode.tsx'
import { usePairing } from './usePairing.ts'

/**
 * Basic mode (SPEC §2): what a desktop visitor sees first when the modal offers WalletConnect only — the code to
 * scan with any wallet, and below it the Connect view's list, which in basic mode holds the directory's wallets
 * (each opening ConnectingWalletConnect with its own links) and All Wallets.
 */
export default function ConnectingWalletConnectBasicView() {
  const pairing = usePairing()
  const list = useChunk(viewChunks.Connect)
  return (
    <div className="latch-view latch-wc">
      <PairingCode pairing={pairing} scanWith="your phone's wallet" />
      <div className="latch-wide">
        {list?.status === 'ready' ? (
          <list.Component />
        ) : list?.status === 'failed' ? (
          <button type="button" className="latch-button latch-button-secondary" onClick={list.retry}>
            Show wallets
          </button>
        ) : (
          <Spinner label="Loading wallets" />
        )}
      </div>
    </div>
  )
}
