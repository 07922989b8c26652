// Our own placeholder icon for wallets, networks, currencies and tokens: the directory never ships
// third-party logos, so every shipped or synthetic image is one of these.

const WHITE_TEXT_MIN_CONTRAST = 4.5
/** Keeps the accessible title (and so the file) small whatever the name. */
const TITLE_MAX_LENGTH = 24

/**
 * A standalone SVG (viewBox 0 0 96 96, no scripts, no external references): a rounded square filled with a
 * two-colour gradient derived from `seed` (default: `text`), dark enough for white text to meet WCAG AA
 * contrast, with one or two initials of `text` in white and `text` (shortened) as its title.
 *
 * @example
 * monogramSvg('Latch Dev Wallet') // '<svg …>…LD</text></svg>'
 * monogramSvg('Devnet A', 'eip155:31337') // same text rule, colours from the seed
 */
export function monogramSvg(text: string, seed: string = text): string {
  const hash = fnv1a(seed)
  const hue = hash % 360
  const from = darkEnoughForWhite(hue, 58 + ((hash >>> 9) % 20))
  const to = darkEnoughForWhite((hue + 30 + ((hash >>> 17) % 60)) % 360, 58 + ((hash >>> 23) % 20))
  const label = initials(text)
  const gradient = `m${hash.toString(36)}`
  const fontSize = Array.from(label).length > 1 ? 38 : 44
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">' +
    `<title>${escapeXml(truncate(text.trim() || label, TITLE_MAX_LENGTH))}</title>` +
    `<defs><linearGradient id="${gradient}" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="96" height="96" rx="24" fill="url(#${gradient})"/>` +
    `<text x="48" y="48" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" ` +
    `font-size="${fontSize}" font-weight="600" fill="#fff">${escapeXml(label)}</text></svg>`
  )
}

/**
 * One or two upper-case initials: the first letter (or digit) of the first two words, else the first two of
 * a single word. Names without letters or digits keep their first characters (escaped by the caller).
 *
 * @example
 * initials('Trust Wallet') // 'TW'
 * initials('MetaMask') // 'ME'
 */
export function initials(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  if (words.length >= 2) return (firstAlphanumeric(words[0]!) + firstAlphanumeric(words[1]!)).toUpperCase()
  const word = words[0]!
  const alphanumerics = Array.from(word.matchAll(/[\p{L}\p{N}]/gu), (match) => match[0])
  const chosen = alphanumerics.length > 0 ? alphanumerics : Array.from(word)
  return chosen.slice(0, 2).join('').toUpperCase()
}

function firstAlphanumeric(word: string): string {
  return /[\p{L}\p{N}]/u.exec(word)?.[0] ?? Array.from(word)[0]!
}

/** Escapes markup and drops the control characters XML 1.0 forbids, so any name gives a well-formed file. */
function escapeXml(text: string): string {
  const allowed = Array.from(text)
    .filter((char) => char >= ' ' || char === '\t' || char === '\n' || char === '\r')
    .join('')
  return allowed.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'))
}

function truncate(text: string, length: number): string {
  const chars = Array.from(text)
  return chars.length > length ? `${chars.slice(0, length - 1).join('')}…` : text
}

/** 32-bit FNV-1a over UTF-16 code units: stable across runs and platforms. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** The lightest `hsl(hue, saturation%, L%)` (L ≤ 50) whose hex form has contrast ≥ 4.5 against white. */
function darkEnoughForWhite(hue: number, saturation: number): string {
  for (let lightness = 50; lightness > 0; lightness -= 2) {
    const hex = hslToHex(hue, saturation / 100, lightness / 100)
    if (1.05 / (relativeLuminance(hex) + 0.05) >= WHITE_TEXT_MIN_CONTRAST) return hex
  }
  return '#000000'
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12
    const value = lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
