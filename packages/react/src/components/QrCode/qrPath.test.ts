import decodeQR from 'qr/decode.js'
import { describe, expect, it } from 'vitest'
import { qrPath } from './qrPath.ts'

/** Paints the path's modules (8 px each, dark on white) into RGBA pixels, as a camera would see them. */
function paint(path: { d: string; size: number }, scale = 8) {
  const width = path.size * scale
  const data = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const [, x, y] of path.d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const offset = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4
        data.fill(0, offset, offset + 3)
      }
  }
  return { width, height: width, data }
}

describe('qrPath', () => {
  it('draws a code that decodes back to the address', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const path = qrPath(address)
    expect(decodeQR(paint(path))).toBe(address)
  })

  it('leaves a quiet zone of 2 modules on every side', () => {
    const { d, size } = qrPath('latch')
    const cells = [...d.matchAll(/M(\d+) (\d+)/g)].map(([, x, y]) => [Number(x), Number(y)])
    expect(Math.min(...cells.flat())).toBe(2)
    expect(Math.max(...cells.flat())).toBe(size - 3)
  })
})
