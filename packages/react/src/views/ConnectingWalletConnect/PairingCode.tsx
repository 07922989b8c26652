import { Icon } from '../../components/Icon/Icon.tsx'
import { QrCode } from '../../components/QrCode/QrCode.tsx'
import { useLatchClient } from '../../context.ts'
import type { Pairing } from './usePairing.ts'

/** A used or expired code cannot be scanned again: each failure offers a new one. */
const failureText = {
  declined: { title: 'Connection declined', detail: 'Try again to get a new code.' },
  timeout: { title: 'WalletConnect did not respond', detail: 'Check your connection and try again.' },
  error: { title: 'Connection failed', detail: 'Something went wrong.' },
} as const

/** CSS pixels: the widest code that leaves the modal's 360 px its margins. */
const QR_SIZE = 232

/**
 * The pairing as a QR code to scan (unless `scan` is off: a phone cannot scan its own screen), with its status and a
 * copy of the link; the failure and 'Try again' in its place when the attempt failed.
 */
export function PairingCode({
  pairing,
  scanWith,
  scan = true,
}: {
  pairing: Pairing
  scanWith: string
  scan?: boolean
}) {
  const client = useLatchClient()

  if (pairing.status === 'unavailable') {
    return (
      <p className="latch-muted latch-center-text" role="status">
        WalletConnect is not set up in this app.
      </p>
    )
  }
  if (pairing.status === 'failed') {
    const text = failureText[pairing.failure]
    return (
      <div className="latch-wc-code" data-state={pairing.failure}>
        <div role="status" aria-live="polite" className="latch-connecting-text">
          <p className="latch-strong" data-error="">
            {text.title}
          </p>
          <p className="latch-muted">
            {pairing.failure === 'error' && pairing.error ? pairing.error.shortMessage : text.detail}
          </p>
        </div>
        <button type="button" className="latch-button latch-button-secondary" onClick={pairing.retry}>
          Try again
        </button>
      </div>
    )
  }

  const copy = async () => {
    if (pairing.status !== 'ready') return
    try {
      await navigator.clipboard.writeText(pairing.uri)
      client.snack.show('success', 'Link copied')
    } catch {
      client.snack.show('error', 'Could not copy the link')
    }
  }
  return (
    <div className="latch-wc-code" data-state={pairing.status}>
      {!scan ? null : pairing.status === 'ready' ? (
        <QrCode value={pairing.uri} label={`QR code to scan with ${scanWith}`} size={QR_SIZE} />
      ) : (
        <div className="latch-qr latch-qr-placeholder" data-size={QR_SIZE}>
          <span className="latch-spinner" aria-hidden="true" />
        </div>
      )}
      <p role="status" aria-live="polite" className="latch-muted">
        {pairing.status !== 'ready'
          ? 'Preparing the code…'
          : scan
            ? `Scan this code with ${scanWith}`
            : `Waiting for ${scanWith}`}
      </p>
      <button
        type="button"
        className="latch-button latch-button-secondary"
        onClick={copy}
        disabled={pairing.status !== 'ready'}
      >
        <Icon name="copy" /> Copy link
      </button>
    </div>
  )
}
