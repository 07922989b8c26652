import {
  type ConnectorCategory,
  connectorCategory,
  type ModalState,
  type NetworkState,
  orderContext,
} from '@latch/core'
import type { ReactNode } from 'react'
import { ChunkSlot } from '../../async.tsx'
import { Icon } from '../../components/Icon/Icon.tsx'
import { WalletImage } from '../../components/WalletImage/WalletImage.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore, whole } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { emailChunk, legalChunk, socialChunk, viewChunks } from '../registry.ts'
import { useLatchApi } from '../shared/directory/useLatchApi.ts'
import { usePickWallet } from '../shared/directory/usePickWallet.ts'
import {
  customWalletListing,
  installedByRdns,
  isWalletConnector,
  oneRowPerWallet,
  walletImageUrl,
} from '../shared/directory/wallets.ts'
import { LazyWalletImage } from '../shared/LazyWalletImage.tsx'
import { useConnectWith } from '../shared/useConnectWith.ts'
import { useDirectoryRows } from './useDirectoryRows.ts'

const selectLoading = (s: ModalState) => s.loading
const selectNamespace = (s: NetworkState) => s.activeNamespace

interface Row {
  key: string
  name: string
  image: ReactNode
  tag?: string | undefined
  onPick(): void
}

/**
 * The wallet list in `connectorTypeOrder` (SPEC §1): recent and installed wallets at once; with `apiUrl`,
 * the featured and recommended wallets of the directory as they arrive; the app's custom wallets; then
 * "All Wallets" with the directory's count. With `features.collapseWallets`, no directory or custom rows.
 */
export default function ConnectView() {
  const client = useLatchClient()
  const { options } = client
  const { list, recent } = useStore(client.connectors, whole)
  const loading = useStore(client.modal, selectLoading)
  const namespace = useStore(client.network, selectNamespace)
  const connectWith = useConnectWith()
  const pickWallet = usePickWallet()
  const state = useLatchApi()
  const api = state.status === 'ready' ? state.api : undefined
  // Basic mode offers WalletConnect only: the directory's wallets, no browser wallets (SPEC §2).
  // A wallet in two namespaces (its EIP-6963 and Wallet Standard sides) is one row, of the active namespace.
  const wallets = options.basic ? [] : oneRowPerWallet(list.filter(isWalletConnector), namespace)
  const none = wallets.length === 0
  const directory = useDirectoryRows(
    api,
    installedByRdns(list.filter(isWalletConnector)),
    options.featuredWalletIds,
  )

  const context = orderContext(options, recent)
  const sections = new Map<ConnectorCategory | 'other', Row[]>()
  const add = (section: ConnectorCategory | 'other', row: Row) =>
    sections.set(section, [...(sections.get(section) ?? []), row])

  for (const connector of wallets) {
    const category = connectorCategory(connector, context)
    const walletConnect = connector.type === 'WALLET_CONNECT'
    add(options.connectorTypeOrder.includes(category) ? category : 'other', {
      key: `${connector.chain}:${connector.id}`,
      name: connector.name,
      image: walletConnect ? (
        <span className="latch-image latch-monogram" aria-hidden="true">
          <Icon name="qr" />
        </span>
      ) : (
        <WalletImage src={connector.imageUrl} name={connector.name} size={32} />
      ),
      tag: walletConnect ? 'QR Code' : category === 'recent' ? 'Recent' : 'Installed',
      onPick: () => connectWith(connector.id),
    })
  }
  // collapseWallets (SPEC §1): WalletConnect, recent and installed wallets only, then All Wallets.
  const directoryRows = options.features.collapseWallets
    ? []
    : ([
        ['featured', directory.featured],
        ['custom', options.customWallets.map(customWalletListing)],
        ['recommended', directory.recommended],
      ] as const)
  for (const [section, listings] of directoryRows) {
    for (const wallet of listings) {
      const src = walletImageUrl(wallet, api)
      add(section, {
        key: `${section}:${wallet.id}`,
        name: wallet.name,
        image: <LazyWalletImage key={src} src={src} name={wallet.name} size={32} />,
        onPick: () => pickWallet(wallet),
      })
    }
  }
  // Pointing at "All Wallets" fetches its code, so a click shows it at once.
  const prefetchAllWallets = () => {
    void viewChunks.AllWallets?.load().catch(() => undefined)
  }
  // Installed wallets of a kind the app left out of connectorTypeOrder still get a row, last.
  const rows = [...options.connectorTypeOrder, 'other' as const].flatMap(
    (section) => sections.get(section) ?? [],
  )

  const walletList = (
    <ul className="latch-list" aria-label="Wallets">
      {rows.map((row) => (
        <li key={row.key}>
          <button type="button" className="latch-row" onClick={row.onPick}>
            {row.image}
            <span className="latch-row-label latch-clip" title={row.name}>
              {row.name}
            </span>
            {row.tag && <span className="latch-tag">{row.tag}</span>}
          </button>
        </li>
      ))}
      {options.features.allWallets && (
        <li>
          <button
            type="button"
            className="latch-row"
            onClick={() => client.router.push('AllWallets')}
            onPointerEnter={prefetchAllWallets}
            onFocus={prefetchAllWallets}
          >
            <span className="latch-image latch-monogram" aria-hidden="true">
              <Icon name="grid" />
            </span>
            <span className="latch-row-label">All Wallets</span>
            {directory.count === undefined ? (
              <Icon name="chevron" />
            ) : (
              <span className="latch-tag">{directory.count}</span>
            )}
          </button>
        </li>
      )}
    </ul>
  )

  return (
    <div className="latch-view">
      {none && loading && <Spinner label="Looking for wallets" />}
      {/* With the embedded wallet, its e-mail field above the wallets: both shown together, so nothing moves. */}
      <ChunkSlot chunk={options.frameUrl ? emailChunk : undefined}>
        {/* The social row's place is kept while its chunk loads, so the wallets below do not move. */}
        {options.frameUrl && options.socials.length > 0 && !options.basic && (
          <ChunkSlot chunk={socialChunk} loading={<div className="latch-socials" />} />
        )}
        <ChunkSlot chunk={options.features.legalCheckbox ? legalChunk : undefined}>{walletList}</ChunkSlot>
      </ChunkSlot>
      {none && !loading && !options.basic && (
        <p className="latch-muted latch-center-text">No wallet found in this browser.</p>
      )}
    </div>
  )
}
