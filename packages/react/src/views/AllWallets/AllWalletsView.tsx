import type { ConnectorsState, ModalState } from '@latch/core'
import { useEffect, useId, useState } from 'react'
import { Icon } from '../../components/Icon/Icon.tsx'
import { WalletImage } from '../../components/WalletImage/WalletImage.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { useConnectWith } from '../shared/useConnectWith.ts'

const selectList = (s: ConnectorsState) => s.list
const selectLoading = (s: ModalState) => s.loading
/** SPEC §5: search text is trimmed and waits at least 300 ms. */
const SEARCH_WAIT_MS = 300

/**
 * Every wallet Latch can reach in this browser, searchable. The wallet directory (hundreds of wallets from
 * the Latch server) joins this list with the directory issue.
 */
export default function AllWalletsView() {
  const client = useLatchClient()
  const list = useStore(client.connectors, selectList)
  const loading = useStore(client.modal, selectLoading)
  const connectWith = useConnectWith()
  const inputId = useId()
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim().toLowerCase()), SEARCH_WAIT_MS)
    return () => clearTimeout(timer)
  }, [text])

  const wallets = list.filter(
    (c) =>
      c.type !== 'AUTH' &&
      (!query || c.name.toLowerCase().includes(query) || c.info?.rdns?.toLowerCase().includes(query)),
  )
  return (
    <div className="latch-view">
      <label className="latch-search" htmlFor={inputId}>
        <Icon name="search" />
        <span className="latch-visually-hidden">Search wallets</span>
        <input
          id={inputId}
          type="search"
          placeholder="Search wallet"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <ul className="latch-grid" aria-label="All wallets">
        {wallets.map((c) => (
          <li key={`${c.chain}:${c.id}`}>
            <button type="button" className="latch-tile" onClick={() => connectWith(c.id)}>
              <WalletImage src={c.imageUrl} name={c.name} size={48} />
              <span>{c.name}</span>
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
    </div>
  )
}
