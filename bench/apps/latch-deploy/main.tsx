// The Latch app as a real deployment configures it: the Latch server for the wallet directory, analytics and
// account data (`apiUrl`), e-mail login in its embedded wallet's frame (`frameUrl`), and WalletConnect on a
// self-hosted relay. The bench starts them and passes their URLs in the page's query (?api=…&relay=…&frame=…), as
// their ports are only known then.
import { createLatch } from '@latch/core'
import { base, evmAdapter, mainnet } from '@latch/evm'
import { ConnectButton, LatchProvider } from '@latch/react'
import '@latch/react/styles.css'
import { createRoot } from 'react-dom/client'

const params = new URLSearchParams(location.search)
const latch = createLatch({
  networks: [mainnet, base],
  adapters: [evmAdapter()],
  apiUrl: params.get('api') ?? undefined,
  projectId: 'latch-demo',
  frameUrl: params.get('frame') || undefined,
  walletConnect: { relayUrl: params.get('relay') ?? undefined },
  metadata: {
    name: 'Latch bench',
    description: 'The bench app as deployed',
    url: location.origin,
    icons: [],
  },
})

createRoot(document.getElementById('root')!).render(
  <LatchProvider client={latch}>
    <ConnectButton />
  </LatchProvider>,
)
