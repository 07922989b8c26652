import { describe, expect, it } from 'vitest'
import { initials, monogramSvg } from './monogram.ts'

/** WCAG 2.x contrast ratio of two `#rrggbb` colours, computed here independently of the module. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const linear = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * linear[0]! + 0.7152 * linear[1]! + 0.0722 * linear[2]!
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

function textContent(svg: string): string {
  return /<text[^>]*>([^<]*)<\/text>/.exec(svg)?.[1] ?? ''
}

describe('monogramSvg', () => {
  it('draws the initials in white on a 96×96 rounded square', () => {
    const svg = monogramSvg('Trust Wallet')
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 96 96"/)
    expect(svg).toMatch(/<rect [^>]*rx="24"/)
    expect(textContent(svg)).toBe('TW')
    expect(svg).toContain('fill="#fff"')
    expect(svg).toContain('<title>Trust Wallet</title>')
    expect(svg.endsWith('</svg>')).toBe(true)
  })

  it('is small, has no scripts and references nothing outside itself', () => {
    for (const name of [
      'MetaMask',
      'A very long wallet name that goes on and on',
      'ÄÖÜ Wallet',
      '<&'.repeat(40),
    ]) {
      const svg = monogramSvg(name)
      expect(new TextEncoder().encode(svg).length).toBeLessThan(600)
      expect(svg).not.toMatch(/script|href|@import|url\((?!#)/i)
      expect(svg.match(/https?:\/\//g)).toEqual(['http://'])
    }
  })

  it('shortens a long name in the title', () => {
    const svg = monogramSvg('Abcdefghij Klmnopqrst Uvwxyz0123 456789')
    expect(svg).toContain('<title>Abcdefghij Klmnopqrst U…</title>')
    expect(textContent(svg)).toBe('AK')
  })

  it('escapes markup in the name so the SVG stays well-formed', () => {
    for (const name of ['<&">', '"><script>alert(1)</script>', "'& x", 'Null\u0000 Bell\u0007']) {
      const svg = monogramSvg(name)
      const outsideTags = svg.replace(/<[^>]*>/g, '')
      expect(outsideTags).not.toMatch(/[<>\p{Cc}]|&(?!amp;|lt;|gt;)/u)
      expect(svg).not.toContain('<script')
      expect(svg.match(/<[a-zA-Z]/g)).toHaveLength(8)
    }
    expect(textContent(monogramSvg('<&">'))).toBe('&lt;&amp;')
    expect(monogramSvg('<&">')).toContain('<title>&lt;&amp;"&gt;</title>')
  })

  it('is deterministic, and the seed (not the text) picks the colours', () => {
    expect(monogramSvg('Rainbow')).toBe(monogramSvg('Rainbow'))
    const colours = (svg: string) => svg.match(/stop-color="(#[0-9a-f]{6})"/g)
    expect(colours(monogramSvg('Devnet A', 'eip155:31337'))).toEqual(
      colours(monogramSvg('Something else', 'eip155:31337')),
    )
    expect(colours(monogramSvg('Devnet A', 'eip155:31337'))).not.toEqual(
      colours(monogramSvg('Devnet A', 'eip155:31338')),
    )
  })

  it('keeps white text at WCAG AA contrast (≥ 4.5) on both gradient colours for any seed', () => {
    for (let index = 0; index < 2000; index++) {
      const svg = monogramSvg('Wallet', `seed-${index}`)
      const stops = [...svg.matchAll(/stop-color="(#[0-9a-f]{6})"/g)].map((match) => match[1]!)
      expect(stops).toHaveLength(2)
      for (const stop of stops) expect(contrast('#ffffff', stop)).toBeGreaterThanOrEqual(4.5)
    }
  })
})

describe('initials', () => {
  it.each([
    ['Trust Wallet', 'TW'],
    ['Latch Dev Wallet', 'LD'],
    ['MetaMask', 'ME'],
    ['1inch Wallet', '1W'],
    ['Crypto.com Onchain', 'CO'],
    ['  zerion  ', 'ZE'],
    ['(Beta) Wallet', 'BW'],
    ['$', '$'],
    ['Ω', 'Ω'],
    ['', '?'],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected)
  })
})
