import type { Connector, ModalState } from '@latch/core'
import { WalletImage } from '../../components/WalletImage/WalletImage.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { useConnectWith } from '../shared/useConnectWith.ts'

const selectLoading = (s: ModalState) => s.loading

/** Without a wallet directory (no `apiUrl`): the wallets found in this browser. */
export function LocalWallets({ wallets }: { wallets: readonly Connector[] }) {
  const client = useLatchClient()
  const loading = useStore(client.modal, selectLoading)
  const connectWith = useConnectWith()
  return (
    <>
      <ul className="latch-grid" aria-label="All wallets">
        {wallets.map((c) => (
          <li key={`${c.chain}:${c.id}`}>
            <button type="button" className="latch-tile" onClick={() => connectWith(c.id)}>
              <WalletImage src={c.imageUrl} name={c.name} size={48} />
              <span className="latch-clip" title={c.name}>
                {c.name}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {wallets.length === 0 &&
        (loading ? (
          <Spinner label="Looking for wallets" />
        ) : (
          <p className="latch-muted latch-center-text">No wallet found.</p>
        ))}
    </>
  )
}
