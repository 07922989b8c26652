import { useEffect } from 'react'
import { useLatchClient } from '../../context.ts'

/**
 * On mobile, where a wallet is reached by opening its app, starts the WalletConnect pairing as soon as the
 * wallet list shows: by the time the visitor picks a wallet, its link already carries the URI and opens
 * inside the tap. Desktop visitors scan a code instead, so nothing is started for them before they ask.
 */
export function usePrepareWalletConnect(): void {
  const client = useLatchClient()
  useEffect(() => {
    const { options, connectors } = client
    if (!options.walletConnect || !options.isMobile()) return
    const offered = () => connectors.getState().list.some((c) => c.type === 'WALLET_CONNECT')
    const prepare = () => {
      if (!offered()) return false
      client.connectWalletConnect().catch(() => undefined)
      return true
    }
    // The adapters may still be loading; the WalletConnect connector is listed once they are.
    if (prepare()) return
    const unsubscribe = connectors.subscribe(() => {
      if (prepare()) unsubscribe()
    })
    return unsubscribe
  }, [client])
}
