import type { WalletListing } from '@latch/core'
import { useLatchClient } from '../../context.ts'
import { useLatchApi } from '../shared/directory/useLatchApi.ts'
import { walletImageUrl } from '../shared/directory/wallets.ts'
import { LazyWalletImage } from '../shared/LazyWalletImage.tsx'
import { walletLinks } from './links.ts'

/** A directory wallet this browser does not have: where to open or get it. Nothing here can be retried. */
export function NotInstalled({ wallet }: { wallet: WalletListing }) {
  const client = useLatchClient()
  const state = useLatchApi()
  const src = walletImageUrl(wallet, state.status === 'ready' ? state.api : undefined)
  const [primary, ...rest] = walletLinks(wallet, client.options.isMobile())

  return (
    <div className="latch-view latch-connecting" data-state="not-installed">
      <div className="latch-connecting-image">
        <LazyWalletImage key={src} src={src} name={wallet.name} size={64} />
      </div>
      <div className="latch-connecting-text">
        <p className="latch-strong">{wallet.name}</p>
        <p className="latch-muted">Not installed in this browser.</p>
      </div>
      {primary ? (
        <ul className="latch-list latch-wide" aria-label={`Get ${wallet.name}`}>
          {[primary, ...rest].map((link, index) => (
            <li key={link.label}>
              <a
                className={
                  index === 0 ? 'latch-button latch-wide' : 'latch-button latch-button-secondary latch-wide'
                }
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="latch-muted">This wallet lists no app or website.</p>
      )}
    </div>
  )
}
