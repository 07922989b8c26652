import { installDevWallet } from '@latch/devnet/wallet'
import type { readDemoConfig } from './config.ts'

export function startDevWallet(config: ReturnType<typeof readDemoConfig>) {
  installDevWallet({
    chains: [
      { chainId: 31337, name: 'Latch Devnet A', rpcUrl: config.devnetA.rpcUrls.default.http[0] },
      { chainId: 31338, name: 'Latch Devnet B', rpcUrl: config.devnetB.rpcUrls.default.http[0] },
      // A chain the demo app does not configure, to show the UnsupportedChain view.
      { chainId: 31339, name: 'Unsupported Devnet' },
    ],
    ...(config.autoApprove ? { autoApprove: true } : {}),
  })
}
