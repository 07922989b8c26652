// The WalletConnect views share one chunk: basic mode's view leads to ConnectingWalletConnect for a picked wallet.
import type { RouterState } from '@latch/core'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import ConnectingWalletConnectBasicView from './ConnectingWalletConnectBasicView.tsx'
import ConnectingWalletConnectView from './ConnectingWalletConnectView.tsx'
import './ConnectingWalletConnect.css'

const selectView = (state: RouterState) => state.view

/** ConnectingWalletConnect or ConnectingWalletConnectBasic, as the router says. */
export default function ConnectingWalletConnect() {
  const view = useStore(useLatchClient().router.store, selectView)
  return view === 'ConnectingWalletConnectBasic' ? (
    <ConnectingWalletConnectBasicView />
  ) : (
    <ConnectingWalletConnectView />
  )
}
