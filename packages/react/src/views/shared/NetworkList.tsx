import { type Network, networkImageUrl } from '@latch/core'
import { useState } from 'react'
import { Icon } from '../../components/Icon/Icon.tsx'
import { WalletImage } from '../../components/WalletImage/WalletImage.tsx'
import { useLatchClient } from '../../context.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'

/** The app's networks; choosing one asks the wallet to switch and reports how that settles. */
export function NetworkList({ onSwitched }: { onSwitched?: () => void }) {
  const client = useLatchClient()
  const { network: active, networks, isUnsupported } = useNetwork()
  const [pending, setPending] = useState<string>()

  const choose = (network: Network) => {
    setPending(network.caipNetworkId)
    client
      .switchNetwork(network)
      .then(() => onSwitched?.())
      // The snackbar already shows why a switch failed; the list stays for another try.
      .catch(() => undefined)
      .finally(() => setPending(undefined))
  }

  return (
    <ul className="latch-list" aria-label="Networks">
      {networks.map((network) => {
        const current = !isUnsupported && network.caipNetworkId === active.caipNetworkId
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="latch-row"
              aria-current={current || undefined}
              aria-busy={pending === network.caipNetworkId || undefined}
              disabled={pending !== undefined}
              onClick={() => choose(network)}
            >
              <WalletImage src={networkImageUrl(client.options, network)} name={network.name} size={28} />
              <span className="latch-row-label latch-clip" title={network.name}>
                {network.name}
              </span>
              {pending === network.caipNetworkId && (
                <span className="latch-spinner latch-spinner-small" aria-hidden="true" />
              )}
              {current && <Icon name="check" />}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
