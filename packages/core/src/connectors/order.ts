import type { ConnectorCategory, ResolvedOptions } from '../options/types.ts'
import type { Connector } from '../types.ts'

export interface OrderContext {
  order: readonly ConnectorCategory[]
  /** Recent connector ids, most recent first. */
  recent: readonly string[]
  featuredWalletIds: readonly string[]
  customWalletIds: readonly string[]
}

/**
 * The app's side of the order (`connectorTypeOrder`, featured and custom wallets) with the visitor's recent wallets.
 *
 * @example
 * orderConnectors(list, orderContext(client.options, client.connectors.getState().recent))
 */
export function orderContext(
  options: Pick<ResolvedOptions, 'connectorTypeOrder' | 'featuredWalletIds' | 'customWallets'>,
  recent: readonly string[],
): OrderContext {
  return {
    order: options.connectorTypeOrder,
    recent,
    featuredWalletIds: options.featuredWalletIds,
    customWalletIds: options.customWallets.map((wallet) => wallet.id),
  }
}

/** The category of SPEC §1's connector order that a connector falls in. */
export function connectorCategory(connector: Connector, context: OrderContext): ConnectorCategory {
  if (connector.type === 'WALLET_CONNECT') return 'walletConnect'
  if (context.recent.includes(connector.id)) return 'recent'
  if (connector.explorerId && context.featuredWalletIds.includes(connector.explorerId)) return 'featured'
  if (context.customWalletIds.includes(connector.id)) return 'custom'
  if (connector.type === 'ANNOUNCED' || connector.type === 'INJECTED') return 'injected'
  if (connector.type === 'EXTERNAL') return 'external'
  return 'recommended'
}

/**
 * Orders connectors by `connectorTypeOrder` (SPEC §1); recent ones by recency, the rest stable. AUTH and
 * MULTI_CHAIN connectors are not wallet rows and keep their place at the end.
 *
 * @example
 * orderConnectors(list, { order: defaultConnectorTypeOrder, recent: ['dev.latch.wallet'], … })
 */
export function orderConnectors(connectors: readonly Connector[], context: OrderContext): Connector[] {
  const rank = (c: Connector) => {
    if (c.type === 'AUTH' || c.type === 'MULTI_CHAIN') return [context.order.length, 0] as const
    const category = connectorCategory(c, context)
    const index = context.order.indexOf(category)
    const within = category === 'recent' ? context.recent.indexOf(c.id) : 0
    return [index === -1 ? context.order.length : index, within] as const
  }
  return connectors
    .map((connector, index) => ({ connector, index, rank: rank(connector) }))
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.index - b.index)
    .map((entry) => entry.connector)
}
