import { createLatch } from '@latch/core'
import { base, evmAdapter, mainnet } from '@latch/evm'
import { ConnectButton, LatchProvider } from '@latch/react'
import '@latch/react/styles.css'
import { createRoot } from 'react-dom/client'

const latch = createLatch({ networks: [mainnet, base], adapters: [evmAdapter()] })

createRoot(document.getElementById('root')!).render(
  <LatchProvider client={latch}>
    <ConnectButton />
  </LatchProvider>,
)
