import { createLatch } from '@latch/core'
import { evmAdapter } from '@latch/evm'
import { LatchProvider } from '@latch/react'
import '@latch/react/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { readDemoConfig } from './config.ts'
import './demo.css'

const config = readDemoConfig(location.search)

const latch = createLatch({
  networks: config.networks,
  defaultNetwork: config.devnetA,
  adapters: [evmAdapter()],
  ...(config.apiUrl ? { apiUrl: config.apiUrl } : {}),
  projectId: config.projectId,
  ...(config.relayUrl ? { walletConnect: { relayUrl: config.relayUrl } } : {}),
  basic: config.basic,
  features: { collapseWallets: config.collapseWallets },
  ...(config.walletFeaturesOrder ? { walletFeaturesOrder: config.walletFeaturesOrder } : {}),
  ...(config.connectTimeoutMs ? { connectTimeoutMs: config.connectTimeoutMs } : {}),
  ...(config.siwx
    ? { siwx: { required: config.siwx === 'required', statement: 'Sign in to the Latch demo' } }
    : {}),
  metadata: {
    name: 'Latch demo',
    description: 'Connect a wallet to a local chain',
    url: location.origin,
    icons: [],
  },
})

if (config.devWallet) {
  // The dev wallet stands in for a browser extension: it arrives on its own, after the page, and
  // announces itself over EIP-6963 like any installed wallet would.
  void import('./devWallet.ts').then(({ startDevWallet }) => startDevWallet(config))
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LatchProvider client={latch}>
      <App />
    </LatchProvider>
  </StrictMode>,
)
