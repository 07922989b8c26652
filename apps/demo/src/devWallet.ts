import { installDevWallet } from '@latch/devnet/wallet'
import type { readDemoConfig } from './config.ts'

export function startDevWallet(config: ReturnType<typeof readDemoConfig>) {
  installDevWallet({
    chains: [
      // The wallet knows the demo's devnets under the same names and RPC URLs…
      ...[config.devnetA, config.devnetB].map((network) => ({
        chainId: Number(network.id),
        name: network.name,
        rpcUrl: network.rpcUrls.default.http[0],
      })),
      // …and one the demo app does not configure, to show the UnsupportedChain view.
      { chainId: 31339, name: 'Unsupported Devnet' },
    ],
    ...(config.solanaRpc ? { solana: { rpcUrl: config.solanaRpc } } : {}),
    ...(config.autoApprove ? { autoApprove: true } : {}),
    ...(config.devWalletAccount === undefined ? {} : { accountIndex: config.devWalletAccount }),
  })
}
