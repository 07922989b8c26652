// The directory as the server stores it: what an import produces and what storage keeps.

/** One wallet of the directory (the WalletConnect Explorer listing, mapped to the columns the server keeps). */
export interface WalletRecord {
  id: string
  name: string
  rdns: string | null
  imageId: string | null
  chains: string[]
  mobileLink: string | null
  desktopLink: string | null
  webappLink: string | null
  appStore: string | null
  playStore: string | null
  chromeStore: string | null
  homepage: string | null
  injected: { namespace: string; injected_id: string }[]
  badgeType: 'certified' | 'none'
  order: number
}

/** Which image route serves an image: wallets, assets (networks), currencies, tokens. */
export type ImageKind = 'wallet' | 'asset' | 'currency' | 'token'

export interface ImageRecord {
  kind: ImageKind
  id: string
  contentType: string
  bytes: Uint8Array
}

/** Everything one import replaces, all at once. */
export interface DirectorySnapshot {
  wallets: WalletRecord[]
  images: ImageRecord[]
}
