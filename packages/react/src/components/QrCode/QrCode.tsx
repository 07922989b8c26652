import { useEffect, useState } from 'react'
import './QrCode.css'

export interface QrCodeProps {
  /** What the code encodes. */
  value: string
  /** What a screen reader hears instead of the picture. */
  label: string
  /** CSS pixels (default 200). */
  size?: number
}

type Drawn = { value: string; d: string; size: number }

/**
 * A QR code drawn as one SVG path. The encoder is a lazy chunk; until it arrives a same-sized placeholder
 * shows, and 'Try again' if it failed. Dark on light in both themes (scanners read that best); no inline styles
 * or scripts (strict CSP).
 *
 * @example
 * <QrCode value="0xf39F…2266" label="QR code of your address" />
 */
export function QrCode({ value, label, size = 200 }: QrCodeProps) {
  const [drawn, setDrawn] = useState<Drawn | 'failed'>()
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` makes 'Try again' load the encoder again
  useEffect(() => {
    let live = true
    import('./qrPath.ts')
      .then(({ qrPath }) => live && setDrawn({ value, ...qrPath(value) }))
      // The chunk did not load, or the value does not fit a QR code.
      .catch(() => live && setDrawn('failed'))
    return () => {
      live = false
    }
  }, [value, attempt])

  if (drawn === 'failed' || drawn?.value !== value) {
    return (
      <div className="latch-qr latch-qr-placeholder" data-size={size}>
        {drawn === 'failed' && (
          <button
            type="button"
            className="latch-button latch-button-secondary"
            onClick={() => setAttempt(attempt + 1)}
          >
            Try again
          </button>
        )}
      </div>
    )
  }
  return (
    <svg
      className="latch-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${drawn.size} ${drawn.size}`}
      shapeRendering="crispEdges"
    >
      <rect width={drawn.size} height={drawn.size} className="latch-qr-background" />
      <path d={drawn.d} className="latch-qr-modules" />
    </svg>
  )
}
