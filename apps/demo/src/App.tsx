import { ConnectButton, NetworkButton, useAccount } from '@latch/react'
import { lazy, Suspense } from 'react'

// The demo's own controls (views, theme): not part of what an app's page needs to show the Connect button.
const DemoControls = lazy(() => import('./DemoControls.tsx').then((m) => ({ default: m.DemoControls })))
// Shown once a wallet is connected: nor is this.
const WalletActions = lazy(() => import('./WalletActions.tsx').then((m) => ({ default: m.WalletActions })))
// The client's state, for people trying the demo and for the e2e tests: nor is this.
const StateReadout = lazy(() => import('./StateReadout.tsx').then((m) => ({ default: m.StateReadout })))

/** Renders its children only while an account is connected, so their chunk loads only then. */
function ConnectedOnly({ children }: { children: React.ReactNode }) {
  return useAccount().isConnected ? children : null
}

export function App() {
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
        <Suspense fallback={null}>
          <DemoControls />
        </Suspense>
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
