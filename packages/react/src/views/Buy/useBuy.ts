import { currenciesFor, type OnrampFormState, type OnrampOptions, onrampFormOf, startBuy } from '@latch/core'
import { useLatchClient } from '../../context.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { useStore, whole } from '../../hooks/useStore.ts'
import type { TokensModule } from '../WalletSend/useSendForm.ts'

/** What every Buy view is given: the token list's chunk (icons, formats) and the on-ramp's options. */
export interface BuyViewProps {
  tokens: TokensModule
  options: OnrampOptions
}

/** A currency's icon on the server (fiat: `getCurrencyImage`, crypto: `getTokenImage`). */
export function useIconUrl() {
  const { apiUrl = '' } = useLatchClient().options
  return (kind: 'Currency' | 'Token', id: string) =>
    `${apiUrl}/public/get${kind}Image/${encodeURIComponent(id)}`
}

/** The Buy form, the currencies sold on the active network, and the checkout's opening. */
export function useBuy({ options }: Pick<BuyViewProps, 'options'>) {
  const client = useLatchClient()
  const { caipNetworkId } = useNetwork()
  const form: OnrampFormState = useStore(onrampFormOf(client), whole)
  const chainId = caipNetworkId.split(':')[1] ?? ''
  const currencies = currenciesFor(options, chainId)
  /** Opens the checkout's window in the click itself (popup blockers allow only that), then asks for its URL. */
  const open = () => {
    const popup = window.open('', '_blank', 'popup,width=480,height=720')
    try {
      // The checkout cannot reach back into this page.
      if (popup) popup.opener = null
    } catch {
      // A window some other page's navigation took over: its opener is not ours to set.
    }
    void startBuy(client, popup, options)
  }
  return { client, form, currencies, chainId, open }
}
