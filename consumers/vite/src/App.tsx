import { createLatch } from '@latch/core'
import { base, evmAdapter, mainnet } from '@latch/evm'
import { ConnectButton, LatchProvider, NetworkButton } from '@latch/react'
import '@latch/react/styles.css'

const latch = createLatch({
  networks: [mainnet, base],
  adapters: [evmAdapter()],
  // Your Latch server: the wallet directory (All Wallets, featured, recommended), analytics, and the
  // blockchain API (tokens, activity, names; `chainApiUrl` if it lives elsewhere). Without it the modal lists
  // the wallets installed in the browser, shows the native balance from the chain, and sends nothing anywhere.
  apiUrl: 'https://latch.example.com',
  projectId: 'my-app',
  // WalletConnect through your own relay (`latch-relay`). On WalletConnect's public relay instead, give
  // `walletConnect: { projectId }` from WalletConnect Cloud. Its code (~135 KiB) loads only when used.
  walletConnect: { relayUrl: 'wss://relay.example.com' },
  // E-mail login: your server's embedded-wallet origin (`FRAME_PUBLIC_URL`), whose frame holds the keys and asks
  // the visitor to approve every signature. Its code loads when the visitor types an address.
  frameUrl: 'https://wallet.example.com',
})

export function App() {
  return (
    <LatchProvider client={latch}>
      <NetworkButton />
      <ConnectButton />
    </LatchProvider>
  )
}
