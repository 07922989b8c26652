import { isRestrictedTimeZone, swapTokensOf, type View, type WalletFeature } from '@latch/core'
import { useEffect } from 'react'
import { useAsync } from '../../async.tsx'
import { createChunk } from '../../chunk.ts'
import { Icon, type IconName } from '../../components/Icon/Icon.tsx'
import { useLatchClient } from '../../context.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { viewChunks, viewTitles } from '../registry.ts'

// The views of the wallet features, made known to the modal here (registry's RegisteredView): they are reached from
// these buttons, so the entry every page loads carries neither their chunks nor their titles. Each feature's views
// are one chunk: a visitor who opens Send goes on to choose a token and to review, as one who opens Swap does.
const sendChunk = createChunk(() => import('../WalletSend/WalletSend.tsx'))
const swapChunk = createChunk(() => import('../Swap/Swap.tsx'))
Object.assign(viewChunks, {
  WalletSend: sendChunk,
  WalletSendSelectToken: sendChunk,
  WalletSendPreview: sendChunk,
  Swap: swapChunk,
  SwapSelectToken: swapChunk,
  SwapPreview: swapChunk,
})
Object.assign(viewTitles, {
  WalletSend: 'Send',
  WalletSendSelectToken: 'Select Token',
  WalletSendPreview: 'Review Send',
  Swap: 'Swap',
  SwapSelectToken: 'Select Token',
  SwapPreview: 'Review Swap',
})

/** The wallet features built so far (SPEC §1), shown in the app's `walletFeaturesOrder` when on. */
const actions: Partial<Record<WalletFeature, readonly [label: string, icon: IconName, view: View]>> = {
  swaps: ['Swap', 'refresh', 'Swap'],
  receive: ['Receive', 'qr', 'WalletReceive'],
  send: ['Send', 'arrowUp', 'WalletSend'],
}

/**
 * The Account view's wallet features (its data part's own chunk): Receive and Send, and Swap where swaps are offered
 * — a network the server swaps on (it lists tokens there, SPEC §8) for a visitor outside the restricted time zones
 * (SPEC §5).
 */
export default function Features() {
  const client = useLatchClient()
  const { options } = client
  const { caipNetworkId } = useNetwork()
  const swaps = useAsync(
    options.features.swaps && !isRestrictedTimeZone() && (() => swapTokensOf(client, caipNetworkId)),
    caipNetworkId,
  )
  const swappable = swaps?.status === 'ready' && swaps.value.length > 1
  // Opened on a feature's view before it was known (the Account view stood in): the modal shows it now.
  useEffect(() => {
    const { store } = client.router
    if (store.getState().view !== 'Account') store.replace({ ...store.getState() })
  }, [client])
  return (
    <div className="latch-features">
      {options.walletFeaturesOrder.map((feature) => {
        const action = options.features[feature] && (feature !== 'swaps' || swappable) && actions[feature]
        return (
          action && (
            <button
              key={feature}
              type="button"
              className="latch-button latch-button-secondary"
              onClick={() => client.router.push(action[2])}
            >
              <Icon name={action[1]} />
              {action[0]}
            </button>
          )
        )
      })}
    </div>
  )
}
