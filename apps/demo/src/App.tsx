import type { View } from '@latch/core'
import { ConnectButton, NetworkButton, useLatch, useLatchClient } from '@latch/react'
import { useState } from 'react'
import { StateReadout } from './StateReadout.tsx'
import { WalletActions } from './WalletActions.tsx'

const views: { view: View; label: string }[] = [
  { view: 'Connect', label: 'Connect' },
  { view: 'Account', label: 'Account' },
  { view: 'Networks', label: 'Networks' },
  { view: 'AllWallets', label: 'All Wallets' },
]

export function App() {
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
    <>
      <header className="demo-header">
        <h1>Latch</h1>
        <div className="demo-actions">
          <NetworkButton />
          <ConnectButton />
        </div>
      </header>
      <main className="demo-main">
        <p className="demo-lead">
          A wallet connection modal that talks only to services you run. This demo runs against two local
          chains; the <strong>Dev Wallet</strong> (bottom left) plays a browser extension.
        </p>
        <section aria-labelledby="views-heading">
          <h2 id="views-heading">Open a view</h2>
          <div className="demo-row">
            {views.map(({ view, label }) => (
              <button key={view} type="button" className="demo-button" onClick={() => void open({ view })}>
                {label}
              </button>
            ))}
            <button
              type="button"
              className="demo-button"
              onClick={toggleTheme}
              aria-pressed={mode === 'light'}
            >
              Light theme
            </button>
          </div>
        </section>
        <WalletActions />
        <StateReadout />
      </main>
    </>
  )
}
