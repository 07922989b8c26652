import type { RouterState } from '@latch/core'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { PairingCode } from './PairingCode.tsx'
import { usePairing } from './usePairing.ts'
import { WalletLinks } from './WalletLinks.tsx'

const selectWallet = (s: RouterState) => s.data.wallet

/**
 * WalletConnect (SPEC §2): the pairing as a QR code and a link to copy. For a wallet picked from the directory,
 * also the links that open it with the pairing — on a phone, where opening the app is the way, instead of the code
 * (the phone cannot scan its own screen); below the code on desktop — and where to get it.
 */
export default function ConnectingWalletConnectView() {
  const client = useLatchClient()
  const wallet = useStore(client.router.store, selectWallet)
  const pairing = usePairing()
  const isMobile = client.options.isMobile()
  const links = wallet && <WalletLinks wallet={wallet} pairing={pairing} isMobile={isMobile} />

  return (
    <div className="latch-view latch-wc">
      {isMobile && links}
      <PairingCode
        pairing={pairing}
        scanWith={wallet?.name ?? "your phone's wallet"}
        scan={!(isMobile && wallet)}
      />
      {!isMobile && links}
      {wallet && (
        <button
          type="button"
          className="latch-button latch-button-secondary latch-wide"
          onClick={() => client.router.push('ConnectingExternal', { wallet })}
        >
          Get {wallet.name}
        </button>
      )}
    </div>
  )
}
