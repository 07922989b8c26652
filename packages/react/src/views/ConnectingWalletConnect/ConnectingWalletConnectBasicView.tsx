import { ChunkSlot } from '../../async.tsx'
import { useLatchClient } from '../../context.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { viewChunks } from '../registry.ts'
import { PairingCode } from './PairingCode.tsx'
import { usePairing } from './usePairing.ts'

/** A pairing of its own, for any wallet to scan. */
function Code() {
  return <PairingCode pairing={usePairing()} scanWith="your phone's wallet" />
}

/**
 * Basic mode (SPEC §2): what a desktop visitor sees first when the modal offers WalletConnect only — the code to
 * scan with any wallet, and below it the Connect view's list, which in basic mode holds the directory's wallets
 * (each opening ConnectingWalletConnect with its own links) and All Wallets. With `legalCheckbox`, no code before
 * the terms are agreed to: only the list, whose wallets each lead to their code once the box is ticked.
 */
export default function ConnectingWalletConnectBasicView() {
  const legal = useLatchClient().options.features.legalCheckbox
  return (
    <div className="latch-view latch-wc">
      {!legal && <Code />}
      <div className="latch-wide">
        <ChunkSlot
          chunk={viewChunks.Connect}
          loading={<Spinner label="Loading wallets" />}
          failed={(retry) => (
            <button type="button" className="latch-button latch-button-secondary" onClick={retry}>
              Show wallets
            </button>
          )}
        />
      </div>
    </div>
  )
}
