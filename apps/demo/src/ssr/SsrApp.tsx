import { createLatch, type LatchClient } from '@latch/core'
import { evmAdapter } from '@latch/evm'
import { ConnectButton, LatchProvider, NetworkButton } from '@latch/react'
import { solanaAdapter, solanaLocalnet } from '@latch/solana'
import { readDemoConfig } from '../config.ts'

/**
 * The same client on the server and in the browser, so both render the same markup: both namespaces, so the server
 * imports (and renders with) the Solana adapter's entry too.
 */
export function createSsrClient(search: string): LatchClient {
  const config = readDemoConfig(search)
  return createLatch({
    networks: [...config.networks, solanaLocalnet(config.solanaRpc)],
    defaultNetwork: config.devnetA,
    adapters: [evmAdapter(), solanaAdapter()],
  })
}

/** What the server renders and the browser hydrates: the provider and the two buttons, nothing else. */
export function SsrApp({ client }: { client: LatchClient }) {
  return (
    <LatchProvider client={client}>
      <NetworkButton />
      <ConnectButton />
    </LatchProvider>
  )
}
