import type { ConnectorsState, ModalState } from '@latch/core'
import { Icon } from '../../components/Icon/Icon.tsx'
import { WalletImage } from '../../components/WalletImage/WalletImage.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { useConnectWith } from '../shared/useConnectWith.ts'

const selectConnectors = (s: ConnectorsState) => s
const selectLoading = (s: ModalState) => s.loading

/** The wallet list: discovered wallets in `connectorTypeOrder`, then "All Wallets" (SPEC §1, §2). */
export default function ConnectView() {
  const client = useLatchClient()
  const { list, recent } = useStore(client.connectors, selectConnectors)
  const loading = useStore(client.modal, selectLoading)
  const connectWith = useConnectWith()
  const wallets = list.filter((c) => c.type !== 'AUTH' && c.type !== 'MULTI_CHAIN')

  return (
    <div className="latch-view">
      {wallets.length === 0 && loading && <Spinner label="Looking for wallets" />}
      <ul className="latch-list" aria-label="Wallets">
        {wallets.map((connector) => (
          <li key={`${connector.chain}:${connector.id}`}>
            <button type="button" className="latch-row" onClick={() => connectWith(connector.id)}>
              <WalletImage src={connector.imageUrl} name={connector.name} size={32} />
              <span className="latch-row-label">{connector.name}</span>
              <span className="latch-tag">{recent.includes(connector.id) ? 'Recent' : 'Installed'}</span>
            </button>
          </li>
        ))}
        {client.options.features.allWallets && (
          <li>
            <button type="button" className="latch-row" onClick={() => client.router.push('AllWallets')}>
              <span className="latch-image latch-monogram" aria-hidden="true">
                <Icon name="grid" />
              </span>
              <span className="latch-row-label">All Wallets</span>
              <Icon name="chevron" />
            </button>
          </li>
        )}
      </ul>
      {wallets.length === 0 && !loading && (
        <p className="latch-muted latch-center-text">No wallet was found in this browser.</p>
      )}
    </div>
  )
}
