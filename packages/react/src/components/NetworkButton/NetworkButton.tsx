import { useLatchClient } from '../../context.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { prefetchModal } from '../../modal/prefetch.ts'
import { useThemeRef } from '../../theme/useThemeRef.ts'

/**
 * The active network; opens the network picker (or UnsupportedChain when the wallet is on a chain the app
 * does not support).
 *
 * @example
 * <NetworkButton />
 */
export function NetworkButton() {
  const client = useLatchClient()
  const { network, isUnsupported } = useNetwork()
  const { ref } = useThemeRef<HTMLButtonElement>()
  const prefetch = () => prefetchModal(client, isUnsupported ? 'UnsupportedChain' : 'Networks')
  return (
    <button
      ref={ref}
      type="button"
      className="latch-button latch-network-button"
      data-unsupported={isUnsupported || undefined}
      onClick={() => void client.open({ view: isUnsupported ? 'UnsupportedChain' : 'Networks' })}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      aria-label={
        isUnsupported ? 'Unsupported chain, switch network' : `Network ${network.name}, switch network`
      }
    >
      {isUnsupported ? 'Unsupported chain' : network.name}
    </button>
  )
}
