// The QR encoder's chunk (~5 KB gzip): loaded only when a QR code is shown. No React here, so the chunk needs
// nothing from the page's own bundle.
import { encodeQR } from 'qr'

/** Modules of quiet zone around the symbol, as scanners expect. */
const QUIET = 2

/**
 * The dark modules of `value`'s QR code as one SVG path, in a `size`×`size` module grid (quiet zone included).
 *
 * @example
 * qrPath('0xf39F…2266') // { d: 'M2 2h1v1h-1z…', size: 29 }
 */
export function qrPath(value: string): { d: string; size: number } {
  const matrix = encodeQR(value, 'raw', { ecc: 'medium', border: QUIET })
  let d = ''
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`
    })
  })
  return { d, size: matrix.length }
}
