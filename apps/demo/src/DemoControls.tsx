import type { View } from '@latch/core'
import { useLatch, useLatchClient } from '@latch/react'
import { useState } from 'react'

const views: View[] = ['Connect', 'Account', 'Networks', 'AllWallets']

/** Buttons that open the modal on a view, and the theme switch: the demo's own, not part of what an app ships. */
export function DemoControls() {
  const client = useLatchClient()
  const { open } = useLatch()
  const [mode, setMode] = useState(client.theme.getState().mode)

  const toggleTheme = () => {
    const next = mode === 'dark' ? 'light' : 'dark'
    client.setThemeMode(next)
    setMode(next)
    document.documentElement.dataset.theme = next
  }

  return (
    <section aria-labelledby="views-heading">
      <h2 id="views-heading">Open a view</h2>
      <div className="demo-row">
        {views.map((view) => (
          <button key={view} type="button" className="demo-button" onClick={() => void open({ view })}>
            {view === 'AllWallets' ? 'All Wallets' : view}
          </button>
        ))}
        <button type="button" className="demo-button" onClick={toggleTheme} aria-pressed={mode === 'light'}>
          Light theme
        </button>
      </div>
    </section>
  )
}
