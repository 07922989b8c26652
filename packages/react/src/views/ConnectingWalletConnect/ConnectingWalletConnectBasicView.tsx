import { Icon } from '../../components/Icon/Icon.tsx'
import { useLatchClient } from '../../context.ts'
import { useDirectoryRows } from '../Connect/useDirectoryRows.ts'
import { useLatchApi } from '../shared/directory/useLatchApi.ts'
import { usePickWallet } from '../shared/directory/usePickWallet.ts'
import { walletImageUrl } from '../shared/directory/wallets.ts'
import { LazyWalletImage } from '../shared/LazyWalletImage.tsx'
import { PairingCode } from './PairingCode.tsx'
import { usePairing } from './usePairing.ts'

const noneInstalled = new Map()

/**
 * Basic mode (SPEC §2): what a desktop visitor sees first when the modal offers WalletConnect only — the code to
 * scan with any wallet, and (with a Latch server) the directory's featured and recommended wallets, each opening
 * ConnectingWalletConnect with its own links.
 */
export default function ConnectingWalletConnectBasicView() {
  const client = useLatchClient()
  const pairing = usePairing()
  const state = useLatchApi()
  const api = state.status === 'ready' ? state.api : undefined
  const { featured, recommended, count } = useDirectoryRows(
    api,
    noneInstalled,
    client.options.featuredWalletIds,
  )
  const pickWallet = usePickWallet()
  const wallets = [...featured, ...recommended]

  return (
    <div className="latch-view latch-wc">
      <PairingCode pairing={pairing} scanWith="your phone's wallet" />
      {(wallets.length > 0 || client.options.features.allWallets) && (
        <ul className="latch-list latch-wc-wallets" aria-label="Wallets">
          {wallets.map((wallet) => {
            const src = walletImageUrl(wallet, api)
            return (
              <li key={wallet.id}>
                <button type="button" className="latch-row" onClick={() => pickWallet(wallet)}>
                  <LazyWalletImage key={src} src={src} name={wallet.name} size={32} />
                  <span className="latch-row-label">{wallet.name}</span>
                </button>
              </li>
            )
          })}
          {client.options.features.allWallets && (
            <li>
              <button type="button" className="latch-row" onClick={() => client.router.push('AllWallets')}>
                <span className="latch-image latch-monogram" aria-hidden="true">
                  <Icon name="grid" />
                </span>
                <span className="latch-row-label">All Wallets</span>
                {count === undefined ? <Icon name="chevron" /> : <span className="latch-tag">{count}</span>}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  )
}
