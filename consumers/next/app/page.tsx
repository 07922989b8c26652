import { Wallet } from './wallet'

/** Rendered on the server for every request; `?network=base` starts the visitor on Base. */
export default async function Page({ searchParams }: { searchParams: Promise<{ network?: string }> }) {
  const { network } = await searchParams
  return (
    <main>
      <h1>A Next.js app with Latch</h1>
      <Wallet network={network === 'base' ? 'base' : 'mainnet'} />
    </main>
  )
}
