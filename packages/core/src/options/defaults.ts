import type { AccountType, ChainNamespace } from '../types.ts'
import type { ConnectorCategory, Features, Social, WalletFeature } from './types.ts'

/** The longest `projectId` the server accepts. */
export const PROJECT_ID_MAX_LENGTH = 100

export const defaultFeatures: Features = {
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  history: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
}

export const allSocials: readonly Social[] = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
]
export const defaultWalletFeaturesOrder: readonly WalletFeature[] = ['onramp', 'swaps', 'receive', 'send']
export const defaultConnectorTypeOrder: readonly ConnectorCategory[] = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
]
export const defaultAccountTypes: Record<ChainNamespace, AccountType> = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
}
