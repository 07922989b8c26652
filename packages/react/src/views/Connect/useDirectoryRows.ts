import type { Connector, LatchApi, WalletListing } from '@latch/core'
import { useMemo } from 'react'
import { useInfiniteQuery, useQuery } from '../shared/directory/useQuery.ts'
import { installedFor } from '../shared/directory/wallets.ts'

/** SPEC §9: the Connect view lists at most 4 featured and 4 recommended wallets. */
export const FEATURED_ROWS = 4
export const RECOMMENDED_ROWS = 4

export interface DirectoryRows {
  featured: WalletListing[]
  recommended: WalletListing[]
  /** How many wallets the directory holds (for the All Wallets row), once known. */
  count: number | undefined
}

/**
 * The Connect view's directory rows: the app's featured wallets and the first wallets of the directory's
 * first page (the page AllWallets starts from), leaving out installed wallets (they have rows of their
 * own) and, from the recommended ones, the featured. Empty until the API and the data have arrived.
 */
export function useDirectoryRows(
  api: LatchApi | undefined,
  byRdns: Map<string, Connector>,
  featuredWalletIds: readonly string[],
): DirectoryRows {
  const featuredOptions = useMemo(() => api?.featuredWalletsQuery(), [api])
  const allOptions = useMemo(() => api?.walletsInfiniteQuery(), [api])
  const featured = useQuery(api, featuredOptions)?.data ?? []
  const firstPage = useInfiniteQuery(api, allOptions)?.data?.pages[0]
  const notInstalled = (wallet: WalletListing) => !installedFor(wallet, byRdns)
  return {
    featured: featured.filter(notInstalled).slice(0, FEATURED_ROWS),
    recommended: (firstPage?.data ?? [])
      .filter((wallet) => notInstalled(wallet) && !featuredWalletIds.includes(wallet.id))
      .slice(0, RECOMMENDED_ROWS),
    count: firstPage?.count,
  }
}
