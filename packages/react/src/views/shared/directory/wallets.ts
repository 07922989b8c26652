import type { ChainNamespace, Connector, CustomWallet, LatchApi, WalletListing } from '@latch/core'

/** Connectors that are wallet rows (not the embedded-auth or multi-chain helpers). */
export const isWalletConnector = (connector: Connector): boolean =>
  connector.type !== 'AUTH' && connector.type !== 'MULTI_CHAIN'

/**
 * One row per wallet: a browser wallet in several namespaces (its EIP-6963 provider and its Wallet Standard wallet,
 * as Phantom has) goes by one name, and keeps the connector of `namespace` (core's switchNetwork connects its other
 * side: the same rule).
 *
 * @example
 * oneRowPerWallet([devWalletEvm, devWalletSolana], 'solana') // [devWalletSolana]
 */
export const oneRowPerWallet = (connectors: readonly Connector[], namespace: ChainNamespace) =>
  connectors.filter(
    (c) =>
      !connectors.some(
        (o) =>
          o.type === 'ANNOUNCED' &&
          c.type === 'ANNOUNCED' &&
          o.name === c.name &&
          o.chain === namespace &&
          c.chain !== namespace,
      ),
  )

/** Whether an installed wallet matches the (trimmed) search text: its name or reverse-DNS id. */
export function matchesSearch(connector: Connector, search: string): boolean {
  const text = search.toLowerCase()
  return (
    !text ||
    connector.name.toLowerCase().includes(text) ||
    !!connector.info?.rdns?.toLowerCase().includes(text)
  )
}

/** Installed wallets by reverse-DNS id: a directory entry with the same rdns is that wallet. */
export function installedByRdns(connectors: readonly Connector[]): Map<string, Connector> {
  const byRdns = new Map<string, Connector>()
  for (const connector of connectors) {
    const rdns = connector.info?.rdns
    if (rdns && isWalletConnector(connector) && !byRdns.has(rdns)) byRdns.set(rdns, connector)
  }
  return byRdns
}

/** The installed connector a directory entry stands for, if any. */
export const installedFor = (wallet: WalletListing, byRdns: Map<string, Connector>): Connector | undefined =>
  wallet.rdns ? byRdns.get(wallet.rdns) : undefined

/** The image of a directory (or custom) wallet: the server's image by id, else the URL it came with. */
export function walletImageUrl(wallet: WalletListing, api: LatchApi | undefined): string | undefined {
  if (wallet.image_id && api) return api.directory.walletImageUrl(wallet.image_id)
  return wallet.image_url ?? undefined
}

/** An app's `customWallets` entry as a listing, so it opens in ConnectingExternal like a directory wallet. */
export function customWalletListing(wallet: CustomWallet): WalletListing {
  return {
    id: wallet.id,
    name: wallet.name,
    image_id: null,
    image_url: wallet.imageUrl ?? null,
    rdns: null,
    chains: [],
    mobile_link: wallet.mobile_link ?? null,
    desktop_link: wallet.desktop_link ?? null,
    webapp_link: wallet.webapp_link ?? null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    homepage: null,
    injected: [],
    badge_type: 'none',
    order: 0,
  }
}
