import { createLatch } from '@latch/core'
import { evmAdapter } from '@latch/evm'
import { LatchProvider } from '@latch/react'
import '@latch/react/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { readDemoConfig } from './config.ts'
import './demo.css'
import type { SolanaDemo } from './solana.ts'

const config = readDemoConfig(location.search)

function start(solana?: SolanaDemo) {
  const latch = createLatch({
    networks: solana ? [...config.networks, ...solana.networks] : config.networks,
    defaultNetwork: config.devnetA,
    adapters: solana ? [evmAdapter(), solana.adapter] : [evmAdapter()],
    // undefined is the option's default.
    apiUrl: config.apiUrl,
    projectId: config.projectId,
    frameUrl: config.frameUrl,
    walletConnect: config.relayUrl ? { relayUrl: config.relayUrl } : undefined,
    basic: config.basic,
    features: { collapseWallets: config.collapseWallets, legalCheckbox: config.legal },
    termsConditionsUrl: config.legal ? `${location.origin}/terms` : undefined,
    privacyPolicyUrl: config.legal ? `${location.origin}/privacy` : undefined,
    walletFeaturesOrder: config.walletFeaturesOrder,
    connectTimeoutMs: config.connectTimeoutMs,
    defaultAccountTypes: config.accountType ? { eip155: config.accountType } : {},
    siwx: config.siwx
      ? { required: config.siwx === 'required', statement: 'Sign in to the Latch demo' }
      : undefined,
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
}

// Solana only when asked for (`?solana=`): an EVM-only page fetches nothing of it.
if (config.solanaRpc)
  void import('./solana.ts').then(({ solanaDemo }) => start(solanaDemo(config.solanaRpc!)))
else start()
