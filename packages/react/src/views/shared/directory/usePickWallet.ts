import type { Connector, WalletListing } from '@latch/core'
import { useLatchClient } from '../../../context.ts'
import { useConnectWith } from '../useConnectWith.ts'

/**
 * Picking a directory wallet: an installed one (matched by rdns) connects through its connector; any other
 * opens ConnectingExternal with its links and store pages.
 */
export function usePickWallet(): (wallet: WalletListing, installed: Connector | undefined) => void {
  const client = useLatchClient()
  const connectWith = useConnectWith()
  return (wallet, installed) => {
    if (installed) return connectWith(installed.id)
    // Core reports SELECT_WALLET when a connect starts; a wallet that is not installed never gets there.
    client.track('SELECT_WALLET', { id: wallet.id, name: wallet.name })
    client.router.push('ConnectingExternal', { wallet })
  }
}
