import { networkImageUrl } from '@latch/core'
import { Icon } from '../../components/Icon/Icon.tsx'
import { QrCode } from '../../components/QrCode/QrCode.tsx'
import { WalletImage } from '../../components/WalletImage/WalletImage.tsx'
import { useLatchClient } from '../../context.ts'
import { useAccount } from '../../hooks/useAccount.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import './WalletReceive.css'

/**
 * Receive: the connected address as a QR code and as text, a copy button, and the networks of the
 * account's namespace the app works with — where sending to this address arrives.
 */
export default function WalletReceiveView() {
  const client = useLatchClient()
  const { address } = useAccount()
  const { network, networks } = useNetwork()
  if (!address) {
    return (
      <div className="latch-view">
        <p className="latch-muted latch-center-text">No account is connected.</p>
      </div>
    )
  }
  const receivable = networks.filter((candidate) => candidate.chainNamespace === network.chainNamespace)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      client.snack.show('success', 'Address copied')
    } catch {
      client.snack.show('error', 'Could not copy the address')
    }
  }

  return (
    <div className="latch-view latch-receive">
      <QrCode value={address} label="QR code of your address" />
      <p className="latch-receive-address" data-testid="latch-receive-address">
        {address}
      </p>
      <button type="button" className="latch-button latch-button-secondary" onClick={copy}>
        <Icon name="copy" /> Copy address
      </button>
      <section className="latch-receive-networks" aria-labelledby="latch-receive-networks">
        <h3 id="latch-receive-networks" className="latch-muted">
          Receive on these networks
        </h3>
        <ul className="latch-list" aria-label="Networks you can receive on">
          {receivable.map((candidate) => (
            <li key={candidate.caipNetworkId} className="latch-row latch-receive-network">
              <WalletImage src={networkImageUrl(client.options, candidate)} name={candidate.name} size={24} />
              <span className="latch-row-label">{candidate.name}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
