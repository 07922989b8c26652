import { type WalletListing, walletConnectLink } from '@latch/core'
import type { Pairing } from './usePairing.ts'

interface OpenLink {
  label: string
  link: string | null
  /** A web app opens in a tab of its own; an app's link hands over to the app. */
  newTab: boolean
}

/**
 * Links that open the wallet with the pairing: its app (the mobile link on mobile, the desktop link elsewhere)
 * and its web app. Each is a plain link whose address carries the URI prepared before the tap, so the browser
 * opens it inside the visitor's gesture (a link built after the tap is blocked as a popup).
 */
export function WalletLinks({
  wallet,
  pairing,
  isMobile,
}: {
  wallet: WalletListing
  pairing: Pairing
  isMobile: boolean
}) {
  const candidates: OpenLink[] = [
    {
      label: `Open ${wallet.name}`,
      link: isMobile ? wallet.mobile_link : wallet.desktop_link,
      newTab: false,
    },
    { label: 'Open web app', link: wallet.webapp_link, newTab: true },
  ]
  // Known before the URI exists: whether a link can carry one (present, and of a safe scheme).
  const links = candidates.filter((candidate) => walletConnectLink(candidate.link, 'wc:') !== undefined)
  if (links.length === 0 || pairing.status === 'unavailable' || pairing.status === 'failed') return null

  return (
    <ul className="latch-list latch-wide" aria-label={`Open ${wallet.name}`}>
      {links.map(({ label, link, newTab }, index) => {
        const className = `latch-button latch-wide${index === 0 ? '' : ' latch-button-secondary'}`
        const href = pairing.status === 'ready' ? walletConnectLink(link, pairing.uri) : undefined
        return (
          <li key={label}>
            {href ? (
              <a
                className={className}
                href={href}
                {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {label}
              </a>
            ) : (
              <button type="button" className={className} disabled>
                {label}
              </button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
