import type { View } from '@latch/core'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

type ViewModule = Promise<{ default: ComponentType }>

/** Each view is its own chunk, fetched the first time it is shown or prefetched (DESIGN.md rule 6). */
export const viewLoaders: Partial<Record<View, () => ViewModule>> = {
  Connect: () => import('./Connect/ConnectView.tsx'),
  AllWallets: () => import('./AllWallets/AllWalletsView.tsx'),
  ConnectingExternal: () => import('./ConnectingExternal/ConnectingExternalView.tsx'),
  Account: () => import('./Account/AccountView.tsx'),
  Networks: () => import('./Networks/NetworksView.tsx'),
  UnsupportedChain: () => import('./UnsupportedChain/UnsupportedChainView.tsx'),
}

const lazyViews = new Map<View, LazyExoticComponent<ComponentType>>()

export function getLazyView(view: View): LazyExoticComponent<ComponentType> | undefined {
  const loader = viewLoaders[view]
  if (!loader) return undefined
  let component = lazyViews.get(view)
  if (!component) {
    component = lazy(loader)
    lazyViews.set(view, component)
  }
  return component
}

export const viewTitles: Record<View, string> = {
  Connect: 'Connect Wallet',
  Account: 'Account',
  AllWallets: 'All Wallets',
  Networks: 'Choose Network',
  ConnectingExternal: 'Connecting',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'WalletConnect',
  ConnectingSiwe: 'Sign In',
  ConnectingFarcaster: 'Farcaster',
  UnsupportedChain: 'Switch Network',
  SIWXSignMessage: 'Sign In',
  ApproveTransaction: 'Approve Transaction',
}
