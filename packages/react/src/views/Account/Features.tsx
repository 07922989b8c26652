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
/** Makes a feature's views known: each to its chunk, with its title. */
function register(load: Parameters<typeof createChunk>[0], titles: Partial<Record<View, string>>) {
  const chunk = createChunk(load)
  for (const view in titles) {
    viewChunks[view as View] = chunk
    viewTitles[view as View] = titles[view as View]!
  }
}
register(() => import('../WalletSend/WalletSend.tsx'), {
  WalletSend: 'Send',
  WalletSendSelectToken: 'Select Token',
  WalletSendPreview: 'Review Send',
})
register(() => import('../Swap/Swap.tsx'), {
  Swap: 'Swap',
  SwapSelectToken: 'Select Token',
  SwapPreview: 'Review Swap',
})
register(() => import('../Buy/Buy.tsx'), {
  OnRampBuy: 'Buy',
  OnRampTokenSelect: 'Select Token',
  OnRampFiatSelect: 'Select Currency',
  BuyInProgress: 'Buy in Progress',
  WhatIsABuy: 'What is Buy?',
})

/** The wallet features built so far (SPEC §1), shown in the app's `walletFeaturesOrder` when on. */
const actions: Record<WalletFeature, readonly [label: string, icon: IconName, view: View]> = {
  onramp: ['Buy', 'plus', 'OnRampBuy'],
  swaps: ['Swap', 'refresh', 'Swap'],
  receive: ['Receive', 'qr', 'WalletReceive'],
  send: ['Send', 'arrowUp', 'WalletSend'],
}

/**
 * The Account view's wallet features (its data part's own chunk): Receive and Send; Buy on the on-ramp's chains
 * (eip155) and Swap where swaps are offered — a network the server swaps on (it lists tokens there, SPEC §8) — each
 * for a visitor outside the restricted time zones (SPEC §5).
 */
export default function Features() {
  const client = useLatchClient()
  const { options } = client
  const { caipNetworkId } = useNetwork()
  const restricted = isRestrictedTimeZone()
  const swaps = useAsync(
    options.features.swaps && !restricted && (() => swapTokensOf(client, caipNetworkId)),
    caipNetworkId,
  )
  const shown: Record<WalletFeature, boolean> = {
    onramp: !restricted && caipNetworkId.startsWith('eip155:'),
    swaps: swaps?.status === 'ready' && swaps.value.length > 1,
    receive: true,
    send: true,
  }
  // Opened on a feature's view before it was known (the Account view stood in): the modal shows it now.
  useEffect(() => {
    const { store } = client.router
    if (store.getState().view !== 'Account') store.replace({ ...store.getState() })
  }, [client])
  return (
    <div className="latch-features">
      {options.walletFeaturesOrder.map((feature) => {
        const action = options.features[feature] && shown[feature] && actions[feature]
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
