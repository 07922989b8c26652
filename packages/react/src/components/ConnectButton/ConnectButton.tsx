import { type ConnectionState, groupDigits, shortenAddress } from '@latch/core'
import { useLatchClient } from '../../context.ts'
import { useAccount } from '../../hooks/useAccount.ts'
import { useStore } from '../../hooks/useStore.ts'
import { prefetchModal } from '../../modal/prefetch.ts'
import { useThemeRef } from '../../theme/useThemeRef.ts'

/**
 * A wallet is being asked, or the last one reconnected: not a WalletConnect code waiting for a phone to scan it (the
 * id both adapters give WalletConnect), which the visitor may only be looking at, or browsing past.
 */
const selectConnecting = (s: ConnectionState) =>
  s.status === 'connecting' && s.pendingConnectorId !== 'walletConnect'

export interface ConnectButtonProps {
  /** Text of the button while disconnected. */
  label?: string
  /** Show the balance beside the address when connected. */
  showBalance?: boolean
}

/**
 * "Connect Wallet" while disconnected; the shortened address (or profile name) and balance once connected.
 *
 * @example
 * <ConnectButton />
 */
export function ConnectButton({ label = 'Connect Wallet', showBalance = true }: ConnectButtonProps) {
  const client = useLatchClient()
  const { isConnected, address, profileName, balance, balanceSymbol } = useAccount()
  const connecting = useStore(client.connection, selectConnecting)
  const { ref } = useThemeRef<HTMLButtonElement>()
  const prefetch = () => prefetchModal(client)

  if (isConnected && address) {
    return (
      <button
        ref={ref}
        type="button"
        className="latch-button latch-account-button"
        onClick={() => void client.open({ view: 'Account' })}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        title={address}
      >
        <span className="latch-visually-hidden">Account </span>
        {showBalance && balance !== undefined && (
          <span className="latch-account-button-balance">
            {groupDigits(balance)} {balanceSymbol}
          </span>
        )}
        <span className="latch-account-button-address">{profileName ?? shortenAddress(address)}</span>
      </button>
    )
  }
  return (
    <button
      ref={ref}
      type="button"
      className="latch-button"
      onClick={() => void client.open()}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      aria-busy={connecting}
    >
      {connecting ? 'Connecting…' : label}
    </button>
  )
}
