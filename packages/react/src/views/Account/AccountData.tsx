import { type KeyboardEvent, useState } from 'react'
import { ChunkSlot } from '../../async.tsx'
import { createChunk } from '../../chunk.ts'
import { Icon } from '../../components/Icon/Icon.tsx'
import { useLatchClient } from '../../context.ts'
import { useAccount } from '../../hooks/useAccount.ts'
import { tokensChunk } from '../registry.ts'
import './Account.css'

/** The wallet feature buttons, which make their views known to the modal (Features.tsx). */
const featuresChunk = createChunk(() => import('./Features.tsx'))

/** The Activity tab (the account's history from the blockchain API). */
const activityChunk = createChunk(() => import('./Activity/Activity.tsx'))

const allTabs = [
  { id: 'tokens', label: 'Tokens', chunk: tokensChunk },
  { id: 'activity', label: 'Activity', chunk: activityChunk },
] as const

/**
 * What the Account view shows from the blockchain API (its own chunk): 'Choose a name' while the account
 * has none, the wallet features in `walletFeaturesOrder` (their own chunk: Features), and
 * the Tokens and Activity tabs (ARIA tabs: arrow keys move between them), each a chunk too;
 * Activity only with the 'history' feature.
 */
export default function AccountData() {
  const client = useLatchClient()
  const { options } = client
  const { profileName, caipAddress } = useAccount()
  // SPEC §9: names are eip155's (the server's Activity also serves Solana accounts: issue 21).
  const evm = caipAddress?.startsWith('eip155:')
  // SPEC §1: the 'history' feature (on by default) shows Activity.
  const tabs = options.features.history ? allTabs : allTabs.slice(0, 1)
  const [selected, setSelected] = useState(0)
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = (selected + step + tabs.length) % tabs.length
    setSelected(next)
    document.getElementById(`latch-tab-${tabs[next]!.id}`)?.focus()
  }
  const current = tabs[selected]!
  return (
    <div className="latch-account-data">
      {!profileName && evm && (
        <button type="button" className="latch-row" onClick={() => client.router.push('RegisterName')}>
          {/* A name to add (a check mark would read as one already chosen). */}
          <span className="latch-image latch-monogram" aria-hidden="true">
            <Icon name="plus" />
          </span>
          <span className="latch-row-label">Choose a name</span>
          <Icon name="chevron" />
        </button>
      )}
      <ChunkSlot chunk={featuresChunk} />
      <div className="latch-tabs" role="tablist" aria-label="Account" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            id={`latch-tab-${tab.id}`}
            type="button"
            role="tab"
            className="latch-tab"
            aria-selected={index === selected}
            aria-controls={`latch-tabpanel-${tab.id}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id={`latch-tabpanel-${current.id}`}
        role="tabpanel"
        aria-labelledby={`latch-tab-${current.id}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable tab panel needs a tab stop (ARIA tabs pattern; axe scrollable-region-focusable)
        tabIndex={0}
      >
        <ChunkSlot key={current.id} chunk={current.chunk} />
      </div>
    </div>
  )
}
