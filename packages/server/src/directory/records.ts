// The directory as the server stores and serves it, independent of any file format (the Explorer listing
// format is read by snapshot.ts, synthetic data comes from synthetic.ts).

/** One wallet of the directory. Links are null when the wallet has none. */
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

/** Which endpoint serves an image: wallets, networks (asset), fiat currencies, tokens. */
export type ImageKind = 'wallet' | 'asset' | 'currency' | 'token'

export interface ImageRecord {
  kind: ImageKind
  id: string
  contentType: string
  bytes: Uint8Array
}

/** Everything an import writes: the wallets and the images they (and the modal's networks/tokens) use. */
export interface DirectorySnapshot {
  wallets: WalletRecord[]
  images: ImageRecord[]
}
