import { type KeyboardEvent, useState } from 'react'
import { type Chunk, useChunk } from '../../chunk.ts'
import { Icon } from '../../components/Icon/Icon.tsx'
import { useLatchClient } from '../../context.ts'
import { useAccount } from '../../hooks/useAccount.ts'
import { activityChunk, tokensChunk } from '../registry.ts'
import './Account.css'

/**
 * A tab's chunk: nothing while it loads, 'Try again' if it failed. (The Account view has the same for this
 * part; importing it from there would make this chunk depend on the Account view's.)
 */
function TabPanel({ chunk }: { chunk: Chunk }) {
  const state = useChunk(chunk)
  if (state?.status === 'failed')
    return (
      <button type="button" className="latch-button latch-button-secondary" onClick={state.retry}>
        Try again
      </button>
    )
  return state?.status === 'ready' ? <state.Component /> : null
}

const allTabs = [
  { id: 'tokens', label: 'Tokens', chunk: tokensChunk },
  { id: 'activity', label: 'Activity', chunk: activityChunk },
] as const

/**
 * What the Account view shows from the blockchain API (its own chunk): 'Choose a name' while the account
 * has none, Send (with the 'send' feature), and the Tokens and Activity tabs (ARIA tabs: arrow keys move between them), each a chunk too;
 * Activity only with the 'history' feature.
 */
export default function AccountData() {
  const client = useLatchClient()
  const { profileName } = useAccount()
  // SPEC §1: the 'history' feature (on by default) shows Activity.
  const tabs = client.options.features.history ? allTabs : allTabs.slice(0, 1)
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
      {!profileName && (
        <button type="button" className="latch-row" onClick={() => client.router.push('RegisterName')}>
          <span className="latch-image latch-monogram" aria-hidden="true">
            <Icon name="check" />
          </span>
          <span className="latch-row-label">Choose a name</span>
          <Icon name="chevron" />
        </button>
      )}
      {client.options.features.send && (
        <button type="button" className="latch-row" onClick={() => client.router.push('WalletSend')}>
          <span className="latch-image latch-monogram" aria-hidden="true">
            <Icon name="arrowUp" />
          </span>
          <span className="latch-row-label">Send</span>
          <Icon name="chevron" />
        </button>
      )}
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
        <TabPanel key={current.id} chunk={current.chunk} />
      </div>
    </div>
  )
}
