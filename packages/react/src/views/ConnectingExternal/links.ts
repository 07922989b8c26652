import { safeLink, type WalletListing } from '@latch/core'

export interface WalletLink {
  label: string
  href: string
}

/**
 * The ways to reach a wallet that is not installed: its app (the mobile link on mobile, the desktop link
 * elsewhere), its web app, then its store pages and website — only those it has.
 */
export function walletLinks(wallet: WalletListing, isMobile: boolean): WalletLink[] {
  const candidates: [string, string | null][] = [
    ['Open app', isMobile ? wallet.mobile_link : wallet.desktop_link],
    ['Open web app', wallet.webapp_link],
    ['App Store', wallet.app_store],
    ['Google Play', wallet.play_store],
    ['Chrome Web Store', wallet.chrome_store],
    ['Website', wallet.homepage],
  ]
  return candidates.flatMap(([label, url]) => {
    const href = safeLink(url)
    return href ? [{ label, href }] : []
  })
}
