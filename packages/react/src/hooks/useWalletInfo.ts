import { useAccount } from './useAccount.ts'

/**
 * The connected wallet's name and icon.
 *
 * @example
 * const { walletInfo } = useWalletInfo() // { name: 'Latch Dev Wallet', icon: 'data:…' }
 */
export function useWalletInfo(): { walletInfo: { name: string; icon?: string | undefined } | undefined } {
  return { walletInfo: useAccount().connectedWalletInfo }
}
