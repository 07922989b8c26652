'use client'

import { createLatch } from '@latch/core'
import { base, evmAdapter, mainnet } from '@latch/evm'
import { ConnectButton, LatchProvider, NetworkButton } from '@latch/react'
import { useState } from 'react'

/**
 * The Latch client is made once per browser page (and once per server render), never in a module's scope: on
 * the server a module is shared by every request.
 */
export function Wallet({ network }: { network: 'mainnet' | 'base' }) {
  const [latch] = useState(() =>
    createLatch({
      networks: [mainnet, base],
      defaultNetwork: network === 'base' ? base : mainnet,
      adapters: [evmAdapter()],
    }),
  )
  return (
    <LatchProvider client={latch}>
      <NetworkButton />
      <ConnectButton />
    </LatchProvider>
  )
}
