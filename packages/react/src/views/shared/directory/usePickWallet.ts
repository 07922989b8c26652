import type { WalletListing } from '@latch/core'
import { useLatchClient } from '../../../context.ts'

/**
 * Picking a directory wallet that is not installed (installed ones, matched by rdns, are listed through
 * their connectors and connect with `useConnectWith`): with WalletConnect, ConnectingWalletConnect pairs with
 * it (a code to scan, links that open it); without, ConnectingExternal shows its links and store pages.
 */
export function usePickWallet(): (wallet: WalletListing) => void {
  const client = useLatchClient()
  return (wallet) => {
    // Core reports SELECT_WALLET when a connect starts; a wallet that is not installed never gets there.
    client.track('SELECT_WALLET', { id: wallet.id, name: wallet.name })
    const walletConnect = client.connectors.getState().list.some((c) => c.type === 'WALLET_CONNECT')
    client.router.push(walletConnect ? 'ConnectingWalletConnect' : 'ConnectingExternal', { wallet })
  }
}
