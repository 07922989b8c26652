import type { ConnectorsState, NetworkState } from '@latch/core'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { isWalletConnector, matchesSearch, oneRowPerWallet } from '../shared/directory/wallets.ts'
import { DirectoryWallets } from './DirectoryWallets.tsx'
import { LocalWallets } from './LocalWallets.tsx'
import { SearchBox, useSearch } from './SearchBox.tsx'

const selectList = (s: ConnectorsState) => s.list
const selectNamespace = (s: NetworkState) => s.activeNamespace

/**
 * Every wallet, searchable: the wallets installed in this browser first, then (with `apiUrl`) the Latch
 * server's wallet directory in pages of 40 (SPEC §9).
 */
export default function AllWalletsView() {
  const client = useLatchClient()
  const list = useStore(client.connectors, selectList)
  const namespace = useStore(client.network, selectNamespace)
  const { text, setText, search } = useSearch()
  // WalletConnect is how the directory's wallets connect, not a wallet of the grid; a wallet in two namespaces is one.
  const installed = oneRowPerWallet(
    list.filter((c) => isWalletConnector(c) && c.type !== 'WALLET_CONNECT'),
    namespace,
  )

  return (
    <div className="latch-view">
      <SearchBox text={text} setText={setText} />
      {client.options.apiUrl ? (
        <DirectoryWallets installed={installed} search={search} />
      ) : (
        <LocalWallets wallets={installed.filter((c) => matchesSearch(c, search))} />
      )}
    </div>
  )
}
