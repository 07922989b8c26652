/** An original monogram: a rounded square with an "L" whose foot ends in a latch bolt. */
const svg = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">',
  '<rect width="96" height="96" rx="22" fill="#1d2340"/>',
  '<path d="M30 22v44h32" fill="none" stroke="#8fd3ff" stroke-width="11" stroke-linecap="round" stroke-linejoin="round"/>',
  '<circle cx="68" cy="34" r="9" fill="#ffb454"/>',
  '</svg>',
].join('')

/** The dev wallet's EIP-6963 icon as a data URI (built on demand so importing touches no browser API). */
export function devWalletIcon(): `data:image/svg+xml;base64,${string}` {
  return `data:image/svg+xml;base64,${btoa(svg)}`
}
