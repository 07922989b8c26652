import type { View } from '@latch/core'
import { ConnectButton, NetworkButton, useAccount, useLatch, useLatchClient } from '@latch/react'
import { lazy, Suspense, useState } from 'react'

// Shown once a wallet is connected: not part of what the page needs to show the Connect button.
const WalletActions = lazy(() => import('./WalletActions.tsx').then((m) => ({ default: m.WalletActions })))
// The client's state, for people trying the demo and for the e2e tests: nor is this.
const StateReadout = lazy(() => import('./StateReadout.tsx').then((m) => ({ default: m.StateReadout })))

const views: View[] = ['Connect', 'Account', 'Networks', 'AllWallets']

/** Renders its children only while an account is connected, so their chunk loads only then. */
function ConnectedOnly({ children }: { children: React.ReactNode }) {
  return useAccount().isConnected ? children : null
}

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
            {views.map((view) => (
              <button key={view} type="button" className="demo-button" onClick={() => void open({ view })}>
                {view === 'AllWallets' ? 'All Wallets' : view}
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
        <ConnectedOnly>
          <Suspense fallback={null}>
            <WalletActions />
          </Suspense>
        </ConnectedOnly>
        <Suspense fallback={null}>
          <StateReadout />
        </Suspense>
      </main>
    </>
  )
}
