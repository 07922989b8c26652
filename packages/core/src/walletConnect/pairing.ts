// WalletConnect pairing rules that need no WalletConnect code: the link's lifetime (SPEC §4) and the links that
// open a wallet with it. Small, and shared by the options, the lazy pairing and the views: it stays in the first
// load rather than become a chunk of its own that each of them waits for.

/** WalletConnect's public relay, used when the app sets no `walletConnect.relayUrl`. */
export const WALLETCONNECT_RELAY_URL = 'wss://relay.walletconnect.org'

/**
 * Whether `relayUrl` is WalletConnect's own relay (it needs a project id; its Verify service exists), not a
 * self-hosted one.
 *
 * @example
 * usesWalletConnectCloud('wss://relay.walletconnect.org/') // true
 * usesWalletConnectCloud('ws://127.0.0.1:8788') // false
 */
export function usesWalletConnectCloud(relayUrl: string): boolean {
  return new URL(relayUrl).host === new URL(WALLETCONNECT_RELAY_URL).host
}

/** The pairing link expires 4 minutes after it was created (SPEC §4). */
export const PAIRING_EXPIRY_MS = 4 * 60_000

/** How long a pairing may take to start (WalletConnect's code arriving, the relay answering) on top of its life. */
export const PAIRING_START_MS = 30_000

/** A link within 10 s of its expiry counts as expired (SPEC §4): too late to scan and approve. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000

/**
 * Whether a pairing link that expires at `expiry` (ms since the epoch) is expired or about to be.
 *
 * @example
 * isPairingExpired(Date.now() + 5_000) // true: less than 10 s left
 */
export function isPairingExpired(expiry: number | undefined, now = Date.now()): boolean {
  return expiry === undefined || expiry - now < PAIRING_EXPIRY_MARGIN_MS
}

/** Schemes a directory link may never use: they would run code or open local content, not a wallet. */
const unsafeSchemes = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:'])

/**
 * `url` if it parses and its scheme is safe to open (wallet deep links use their own schemes), else
 * undefined.
 *
 * @example
 * safeLink('rainbow://') // 'rainbow://'
 * safeLink('javascript:alert(1)') // undefined
 */
export function safeLink(url: string | null | undefined): string | undefined {
  if (!url) return undefined
  try {
    return unsafeSchemes.has(new URL(url).protocol) ? undefined : url
  } catch {
    return undefined
  }
}

/**
 * The link that opens a wallet with a pairing URI, from the wallet's directory link (`mobile_link`,
 * `desktop_link` or `webapp_link`): `<link>/wc?uri=<encoded uri>`, the form WalletConnect wallets register
 * for both universal links (`https://…`) and their own schemes (`rainbow://`). A bare scheme such as
 * `trust:` becomes `trust://`. Undefined for a link that is missing or unsafe.
 *
 * @example
 * walletConnectLink('rainbow://', 'wc:abc@2?relay-protocol=irn') // 'rainbow://wc?uri=wc%3Aabc%402%3F…'
 * walletConnectLink('https://link.wallet.example', uri) // 'https://link.wallet.example/wc?uri=…'
 */
export function walletConnectLink(link: string | null | undefined, uri: string): string | undefined {
  if (!link) return undefined
  let base = link.trim()
  // 'trust:' or 'trust' → 'trust://'; a URL with a path or host keeps its form.
  if (!base.includes('://')) base = `${base.replace(/[:/]+$/, '')}://`
  if (!safeLink(base)) return undefined
  if (!base.endsWith('/')) base += '/'
  return `${base}wc?uri=${encodeURIComponent(uri)}`
}
