/**
 * A stand-in Latch server for core's tests: a `fetch` that records every request and answers from per-path
 * handlers (defaults: analytics on, `/e` accepted, a directory of numbered wallets), and a recording
 * `navigator.sendBeacon`.
 */

import { coinTypeOf } from '../src/api/names.ts'
import type {
  AnalyticsEvent,
  BalancesResponse,
  NameProfile,
  TokenBalance,
  WalletListing,
  WalletsPage,
} from '../src/api/types.ts'
import { ADDRESS_B } from './fakeAdapter.ts'

export interface RecordedRequest {
  url: URL
  method: string
  headers: Record<string, string>
  body: string | undefined
  /** The caller's signal: a request it aborted (a view that went, or React's StrictMode unmount) was not used. */
  signal: AbortSignal | undefined
}

export type Handler = (request: RecordedRequest) => Response | Promise<Response>

export interface FakeServer {
  fetch: typeof fetch
  requests: RecordedRequest[]
  /** Requests to one path, e.g. '/e'. */
  to(path: string): RecordedRequest[]
  /** Every event posted to `/e`, in order. */
  events(): AnalyticsEvent[]
  /** Replaces the handler of a path. */
  handle(path: string, handler: Handler): void
}

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A directory entry with every link empty. */
export function listing(id: string, overrides: Partial<WalletListing> = {}): WalletListing {
  return {
    id,
    name: `Wallet ${id}`,
    image_id: id,
    image_url: null,
    rdns: null,
    chains: ['eip155:1'],
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    homepage: null,
    injected: [],
    badge_type: 'none',
    order: 0,
    ...overrides,
  }
}

/** `/getWallets` over `wallets`, honouring page, entries and include like the server does. */
export function directoryHandler(wallets: readonly WalletListing[]): Handler {
  return ({ url }) => {
    const page = Number(url.searchParams.get('page') ?? 1)
    const entries = Number(url.searchParams.get('entries') ?? 40)
    const include = url.searchParams.get('include')?.split(',')
    const matching = include ? wallets.filter((w) => include.includes(w.id)) : wallets
    const body: WalletsPage = {
      count: matching.length,
      data: matching.slice((page - 1) * entries, page * entries),
    }
    return json(body)
  }
}

/** A token balance on devnet A (eip155:31337) worth `value` USD; 18 decimals unless overridden. */
export function tokenBalance(symbol: string, overrides: Partial<TokenBalance> = {}): TokenBalance {
  return {
    name: `${symbol} Token`,
    symbol,
    chainId: 'eip155:31337',
    address: `eip155:31337:0x${symbol.toLowerCase().padEnd(40, '0')}`,
    value: 1,
    price: 1,
    quantity: { decimals: '18', numeric: '1' },
    iconUrl: `https://icons.test/${symbol}.png`,
    ...overrides,
  }
}

/** The devnet's coin as the balances API lists it (no contract address): 2 ETH at $3000. */
export const devnetEth: TokenBalance = (({ address: _, ...coin }) => coin)(
  tokenBalance('ETH', {
    name: 'Ether',
    price: 3000,
    value: 6000,
    quantity: { decimals: '18', numeric: '2' },
  }),
)

/** The devnet's test token: 100 LUSD at its deterministic address. */
export const devnetLusd: TokenBalance = tokenBalance('LUSD', {
  name: 'Latch USD',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  quantity: { decimals: '6', numeric: '100' },
})

/** A registered name as `GET /v1/profile/account/{name}` answers it: its addresses by coin type, its avatar. */
export function nameProfile(
  name: string,
  addresses: Record<number, string> = {},
  avatar?: string,
): NameProfile {
  return {
    name,
    registered: 1,
    updated: 1,
    addresses: Object.fromEntries(
      Object.entries(addresses).map(([coin, address]) => [coin, { address, created: 1 }]),
    ),
    attributes: avatar ? { avatar } : {},
  }
}

/** alice.latch.id: a name with an address on the devnet (the fake wallets' second account) and an avatar. */
export const aliceProfile: NameProfile = nameProfile(
  'alice.latch.id',
  { [coinTypeOf('eip155:31337')]: ADDRESS_B },
  'https://avatars.test/alice.png',
)

/** The path of an account's `GET /v1/account/{address}/balance`. */
export const balancePath = (address: string) => `/v1/account/${address}/balance`

/** Answers the balance endpoint with `balances`, as the blockchain API does. */
export function balancesHandler(balances: readonly TokenBalance[]): Handler {
  return () => json({ balances: [...balances] } satisfies BalancesResponse)
}

export function createFakeServer(): FakeServer {
  const requests: RecordedRequest[] = []
  const handlers = new Map<string, Handler>([
    ['/getAnalyticsConfig', () => json({ isAnalyticsEnabled: true })],
    ['/e', () => json({ accepted: 1 }, 202)],
    ['/getWallets', directoryHandler(Array.from({ length: 100 }, (_, i) => listing(`w${i + 1}`)))],
  ])

  const fakeFetch: typeof fetch = async (input, init) => {
    const request: RecordedRequest = {
      url: new URL(String(input)),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: init?.signal ?? undefined,
    }
    requests.push(request)
    const handler = handlers.get(request.url.pathname)
    return handler ? handler(request) : json({ error: 'not found' }, 404)
  }

  const to = (path: string) => requests.filter((r) => r.url.pathname === path)
  return {
    fetch: fakeFetch,
    requests,
    to,
    events: () => to('/e').flatMap((r) => JSON.parse(r.body!) as AnalyticsEvent[]),
    handle(path, handler) {
      handlers.set(path, handler)
    },
  }
}

export interface Beacon {
  url: URL
  body: Blob
}

/** Records what `navigator.sendBeacon` was given. */
export function recordBeacons(): { beacons: Beacon[]; sendBeacon: (url: string, body: Blob) => boolean } {
  const beacons: Beacon[] = []
  return {
    beacons,
    sendBeacon(url, body) {
      beacons.push({ url: new URL(url), body })
      return true
    },
  }
}

/** The events a beacon carried. */
export async function beaconEvents(beacon: Beacon): Promise<AnalyticsEvent[]> {
  return JSON.parse(await beacon.body.text())
}
