import { useAsync } from '../../async.tsx'
import './QrCode.css'

export interface QrCodeProps {
  /** What the code encodes. */
  value: string
  /** What a screen reader hears instead of the picture. */
  label: string
  /** CSS pixels (default 200). */
  size?: number
}

/**
 * A QR code drawn as one SVG path. The encoder is a lazy chunk; until it arrives a same-sized placeholder
 * shows, and 'Try again' if it failed. Dark on light in both themes (scanners read that best); no inline styles
 * or scripts (strict CSP).
 *
 * @example
 * <QrCode value="0xf39F…2266" label="QR code of your address" />
 */
export function QrCode({ value, label, size = 200 }: QrCodeProps) {
  // The chunk may fail to load, or the value not fit a QR code: both offer 'Try again'.
  const drawn = useAsync(() => import('./qrPath.ts').then(({ qrPath }) => qrPath(value)), value)

  if (drawn?.status !== 'ready') {
    return (
      <div className="latch-qr latch-qr-placeholder" data-size={size}>
        {drawn?.status === 'failed' && (
          <button type="button" className="latch-button latch-button-secondary" onClick={drawn.retry}>
            Try again
          </button>
        )}
      </div>
    )
  }
  const { d, size: modules } = drawn.value
  return (
    <svg
      className="latch-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} className="latch-qr-background" />
      <path d={d} className="latch-qr-modules" />
    </svg>
  )
}
