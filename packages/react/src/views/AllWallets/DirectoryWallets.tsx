import type { Connector, LatchApi, WalletListing } from '@latch/core'
import { useMemo } from 'react'
import { Spinner } from '../../modal/Spinner.tsx'
import { Failure } from '../shared/directory/Failure.tsx'
import { useLatchApi } from '../shared/directory/useLatchApi.ts'
import { usePickWallet } from '../shared/directory/usePickWallet.ts'
import { useInfiniteQuery, useQuery } from '../shared/directory/useQuery.ts'
import { installedByRdns, installedFor, matchesSearch, walletImageUrl } from '../shared/directory/wallets.ts'
import { useConnectWith } from '../shared/useConnectWith.ts'
import { WalletGrid } from './WalletGrid.tsx'
import { WalletTile } from './WalletTile.tsx'

interface DirectoryWalletsProps {
  /** The wallets installed in this browser. */
  installed: readonly Connector[]
  /** The settled, trimmed search text. */
  search: string
}

/** AllWallets with a wallet directory: the installed wallets at once, the directory's as it arrives. */
export function DirectoryWallets({ installed, search }: DirectoryWalletsProps) {
  const state = useLatchApi()
  const api = state.status === 'ready' ? state.api : undefined
  const allOptions = useMemo(() => api?.walletsInfiniteQuery(), [api])
  const searchOptions = useMemo(
    () => api && { ...api.searchWalletsQuery(search), enabled: search !== '' },
    [api, search],
  )
  const all = useInfiniteQuery(api, allOptions)
  const found = useQuery(api, searchOptions)
  const byRdns = installedByRdns(installed)

  const entries = search ? (found?.data?.data ?? []) : (all?.data?.pages.flatMap((page) => page.data) ?? [])
  const ids = new Set<string>()
  const matched = new Set<Connector>()
  const wallets: WalletListing[] = []
  for (const wallet of entries) {
    const connector = installedFor(wallet, byRdns)
    if (connector) matched.add(connector)
    else if (!ids.has(wallet.id)) wallets.push(wallet)
    ids.add(wallet.id)
  }
  // A search may find an installed wallet by a name its connector does not carry.
  const shown = installed.filter((c) => matchesSearch(c, search) || matched.has(c))
  const apiFailure = state.status === 'failed' ? { error: state.error, retry: state.retry } : undefined

  if (search) {
    return (
      <Results
        key={search}
        api={api}
        installed={shown}
        wallets={wallets}
        total={found?.isSuccess ? shown.length + wallets.length : undefined}
        pending={state.status === 'loading' || !!found?.isPending}
        failure={found?.isError ? { error: found.error, retry: () => void found.refetch() } : apiFailure}
      />
    )
  }
  const count = all?.data?.pages[0]?.count
  return (
    <Results
      api={api}
      installed={shown}
      wallets={wallets}
      // Entries of later pages that are installed cannot be subtracted before they arrive.
      total={count === undefined ? undefined : shown.length + count - (entries.length - wallets.length)}
      pending={state.status === 'loading' || !!all?.isPending}
      failure={
        all?.isError && !all.isFetchNextPageError
          ? { error: all.error, retry: () => void all.refetch() }
          : apiFailure
      }
      more={
        all?.isFetchNextPageError
          ? { error: all.error, retry: () => void all.fetchNextPage() }
          : all?.hasNextPage && !all.isFetching
            ? () => void all.fetchNextPage()
            : undefined
      }
      loadingMore={all?.isFetchingNextPage}
    />
  )
}

interface ResultsProps {
  api: LatchApi | undefined
  installed: readonly Connector[]
  wallets: readonly WalletListing[]
  /** How many wallets match in all (announced), once known. */
  total: number | undefined
  pending: boolean
  failure: { error: unknown; retry(): void } | undefined
  /** Loads the next page, or the failure of the last attempt to. */
  more?: (() => void) | { error: unknown; retry(): void } | undefined
  loadingMore?: boolean
}

function Results({ api, installed, wallets, total, pending, failure, more, loadingMore }: ResultsProps) {
  const connectWith = useConnectWith()
  const pickWallet = usePickWallet()
  const count = installed.length + wallets.length

  const renderTile = (index: number) => {
    const connector = installed[index]
    if (connector) {
      return (
        <WalletTile
          name={connector.name}
          imageUrl={connector.imageUrl}
          installed
          onPick={() => connectWith(connector.id)}
        />
      )
    }
    const wallet = wallets[index - installed.length]!
    return (
      <WalletTile
        name={wallet.name}
        imageUrl={walletImageUrl(wallet, api)}
        installed={false}
        onPick={() => pickWallet(wallet)}
      />
    )
  }

  return (
    <>
      <p role="status" className="latch-visually-hidden">
        {total === undefined ? '' : total === 1 ? '1 wallet' : `${total} wallets`}
      </p>
      <WalletGrid
        count={count}
        setSize={total}
        renderTile={renderTile}
        onEndReached={typeof more === 'function' ? more : undefined}
        footer={
          loadingMore ? (
            <Spinner label="Loading more wallets" />
          ) : more && typeof more === 'object' ? (
            <Failure error={more.error} retry={more.retry} />
          ) : undefined
        }
      />
      {pending && <Spinner label="Loading wallets" />}
      {failure && <Failure error={failure.error} retry={failure.retry} />}
      {!pending && !failure && count === 0 && (
        <p className="latch-muted latch-center-text">No wallet found.</p>
      )}
    </>
  )
}
