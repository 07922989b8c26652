/**
 * The one shared harness for core's client tests: a scriptable fake `ChainAdapter` behind an
 * `AdapterFactory`, an in-memory `KeyValueStorage`, test networks and a `createTestLatch` that wires them.
 *
 * Every adapter method answers from a script: one-shot answers queued with `answerOnce` first, then the
 * answer set per connector (or per address for `getBalance`), then `'*'`, then a sensible default. An answer is a function returning the promise the
 * adapter hands back, so a test can resolve, reject (e.g. with `{ code: 4001 }`), never settle, or settle
 * later through `deferred()`.
 */
import { onTestFinished, vi } from 'vitest'
import { createLatch, type LatchClient } from '../src/createLatch.ts'
import type { KeyValueStorage, LatchOptions } from '../src/options/types.ts'
import type { Store } from '../src/state/store.ts'
import type {
  AdapterContext,
  AdapterEvent,
  AdapterFactory,
  Balance,
  ChainAdapter,
  ChainNamespace,
  Connector,
  ConnectResult,
  Network,
  PreparedTransfer,
} from '../src/types.ts'

// Anvil's first two well-known accounts and a Solana address.
export const ADDRESS_A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const ADDRESS_B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const SOLANA_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

/**
 * A test network: its CAIP-2 id from `chainNamespace` and `id`, paying in ETH at one RPC URL; `more` adds
 * fields or overrides these.
 */
function network(
  chainNamespace: ChainNamespace,
  id: number | string,
  name: string,
  rpcUrl: string,
  more: Partial<Network> = {},
): Network {
  return {
    id,
    caipNetworkId: `${chainNamespace}:${id}`,
    chainNamespace,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    ...more,
  }
}

/** Devnet chain A, with a block explorer. */
export const devnetA = network('eip155', 31337, 'Latch Devnet A', 'http://127.0.0.1:8545', {
  blockExplorers: { default: { name: 'Devnet Explorer', url: 'https://explorer.devnet.test/' } },
  testnet: true,
})

/** Devnet chain B, without an explorer and with its own currency symbol. */
export const devnetB = network('eip155', 31338, 'Latch Devnet B', 'http://127.0.0.1:8546', {
  nativeCurrency: { name: 'Bee Ether', symbol: 'BETH', decimals: 18 },
  testnet: true,
})

/** The extra network: a Solana one, for companion-namespace and namespace-switch tests. */
export const solanaDevnet = network(
  'solana',
  'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'Solana Devnet',
  'http://127.0.0.1:8899',
  { nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, testnet: true },
)

/** A real network that the test apps never configure. */
export const unconfiguredNetwork = network('eip155', 1, 'Ethereum', 'https://eth.example')

/** What a fake adapter method hands back when called. */
export type Answer<T> = () => Promise<T>

export const resolves =
  <T>(value: T): Answer<T> =>
  () =>
    Promise.resolve(value)

export const rejects =
  (error: unknown): Answer<never> =>
  () =>
    Promise.reject(error)

/** A wallet that never answers. */
export const hangs = (): Answer<never> => () => new Promise<never>(() => {})

export interface Deferred<T> {
  answer: Answer<T>
  resolve(value: T): void
  reject(error: unknown): void
}

/** An answer the test settles later. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { answer: () => promise, resolve, reject }
}

export interface Answers {
  connect: Answer<ConnectResult>
  reconnect: Answer<ConnectResult | undefined>
  disconnect: Answer<void>
  switchNetwork: Answer<void>
  getBalance: Answer<Balance>
  signMessage: Answer<string>
  sendTransaction: Answer<string>
  waitForTransaction: Answer<void>
  prepareTransfer: Answer<PreparedTransfer>
  isSmartAccount: Answer<boolean>
}
export type ScriptedMethod = keyof Answers
type ParamsOf<M extends keyof ChainAdapter> =
  NonNullable<ChainAdapter[M]> extends (params: infer P, ...rest: never[]) => unknown ? P : never

export type FakeCall = { [M in ScriptedMethod]: { method: M; params: ParamsOf<M> } }[ScriptedMethod]

export interface FakeAdapter {
  readonly namespace: ChainNamespace
  /** Pass this in `adapters`. */
  readonly factory: AdapterFactory
  /** The adapter `load` hands out (one per fake). */
  readonly adapter: ChainAdapter
  /** Every scripted call, in order. */
  readonly calls: readonly FakeCall[]
  /** The contexts `load` was called with; its length is how often the adapter was loaded. */
  readonly loads: readonly AdapterContext[]
  callsTo<M extends ScriptedMethod>(method: M): Array<ParamsOf<M>>
  /** Changes the announced connectors; watchers are told at once. */
  setConnectors(connectors: readonly Connector[]): void
  /**
   * Scripts `method` for one connector id (for `getBalance`, `prepareTransfer` and `isSmartAccount`: one
   * address), or `'*'` for all.
   */
  answer<M extends ScriptedMethod>(method: M, key: string, answer: Answers[M]): void
  /** Queues an answer for the next call only; queued answers are used, in order, before `answer`'s. */
  answerOnce<M extends ScriptedMethod>(method: M, key: string, answer: Answers[M]): void
  /** Fires a wallet event into the listener `watchConnection` registered for `connectorId`. */
  emit(connectorId: string, event: AdapterEvent): void
  /** True while someone watches `connectorId`'s connection. */
  watching(connectorId: string): boolean
  /** Makes `load` wait until the returned function is called. */
  holdLoad(): () => void
}

export interface FakeAdapterOptions {
  namespace?: ChainNamespace
  connectors?: readonly Connector[]
}

/** A connector as an adapter would announce it; an EIP-6963 wallet unless overridden. */
export function connector(id: string, overrides: Partial<Connector> = {}): Connector {
  return {
    id,
    name: `Wallet ${id}`,
    type: 'ANNOUNCED',
    chain: 'eip155',
    imageUrl: `https://img.test/${id}.png`,
    ...overrides,
  }
}

// Answers alike in every namespace: nothing to restore, disconnect and switch succeed, no smart account.
const settled = {
  reconnect: resolves(undefined),
  disconnect: resolves(undefined),
  switchNetwork: resolves(undefined),
  isSmartAccount: resolves(false),
  // Mined at once, as on the devnet.
  waitForTransaction: resolves(undefined),
}

const defaultAnswers: Partial<Record<ChainNamespace, Answers>> = {
  eip155: {
    ...settled,
    connect: resolves({ accounts: [ADDRESS_A], chainId: 31337 }),
    // 1.9999 ETH: displays as 1.999, never 2.
    getBalance: resolves({ value: 1_999_900_000_000_000_000n, decimals: 18, symbol: 'ETH' }),
    signMessage: resolves('0xsignature'),
    sendTransaction: resolves('0xhash'),
    // A plain ETH transfer at 1 gwei.
    prepareTransfer: resolves({ to: ADDRESS_B, value: 0n, gas: 21_000n, gasPrice: 1_000_000_000n }),
  },
  solana: {
    ...settled,
    connect: resolves({ accounts: [SOLANA_ADDRESS], chainId: solanaDevnet.id }),
    getBalance: resolves({ value: 2_500_000_000n, decimals: 9, symbol: 'SOL' }),
    signMessage: resolves('solana-signature'),
    sendTransaction: resolves('solana-tx'),
    prepareTransfer: resolves({ to: SOLANA_ADDRESS, value: 0n, gas: 1n, gasPrice: 5000n }),
  },
}

export function createFakeAdapter(options: FakeAdapterOptions = {}): FakeAdapter {
  const namespace = options.namespace ?? 'eip155'
  let connectors: readonly Connector[] = options.connectors ?? [connector('wallet.a', { chain: namespace })]
  const connectorWatchers = new Set<(list: readonly Connector[]) => void>()
  const connectionListeners = new Map<string, Set<(event: AdapterEvent) => void>>()
  const script = new Map<string, Answers[ScriptedMethod]>()
  const queued = new Map<string, Array<Answers[ScriptedMethod]>>()
  const calls: FakeCall[] = []
  const loads: AdapterContext[] = []
  let loadGate: Promise<void> = Promise.resolve()

  const run = <M extends ScriptedMethod>(method: M, key: string, params: ParamsOf<M>) => {
    calls.push({ method, params } as FakeCall)
    const answer = (queued.get(`${method}|${key}`)?.shift() ??
      queued.get(`${method}|*`)?.shift() ??
      script.get(`${method}|${key}`) ??
      script.get(`${method}|*`) ??
      defaultAnswers[namespace]?.[method]) as Answers[M] | undefined
    if (!answer) throw new Error(`fake ${namespace} adapter: nothing scripted for ${method}`)
    return answer() as ReturnType<Answers[M]>
  }

  const adapter: ChainAdapter = {
    namespace,
    watchConnectors(onChange) {
      connectorWatchers.add(onChange)
      onChange(connectors)
      return () => connectorWatchers.delete(onChange)
    },
    connect: (params) => run('connect', params.connectorId, params),
    reconnect: (params) => run('reconnect', params.connectorId, params),
    disconnect: (params) => run('disconnect', params.connectorId, params),
    switchNetwork: (params) => run('switchNetwork', params.connectorId, params),
    getBalance: (params) => run('getBalance', params.address, params),
    signMessage: (params) => run('signMessage', params.connectorId, params),
    sendTransaction: (params) => run('sendTransaction', params.connectorId, params),
    waitForTransaction: (params) => run('waitForTransaction', params.hash, params),
    prepareTransfer: (params) => run('prepareTransfer', params.from, params),
    isSmartAccount: (params) => run('isSmartAccount', params.address, params),
    watchConnection(connectorId, listener) {
      const set = connectionListeners.get(connectorId) ?? new Set()
      set.add(listener)
      connectionListeners.set(connectorId, set)
      return () => set.delete(listener)
    },
  }

  const factory: AdapterFactory = {
    namespace,
    async load(context) {
      loads.push(context)
      await loadGate
      return adapter
    },
  }

  return {
    namespace,
    factory,
    adapter,
    calls,
    loads,
    callsTo: <M extends ScriptedMethod>(method: M) =>
      calls.filter((call) => call.method === method).map((call) => call.params as ParamsOf<M>),
    setConnectors(next) {
      connectors = next
      for (const watcher of [...connectorWatchers]) watcher(connectors)
    },
    answer(method, key, answer) {
      script.set(`${method}|${key}`, answer)
    },
    answerOnce(method, key, answer) {
      const list = queued.get(`${method}|${key}`) ?? []
      list.push(answer)
      queued.set(`${method}|${key}`, list)
    },
    emit(connectorId, event) {
      const listeners = connectionListeners.get(connectorId)
      if (!listeners?.size) throw new Error(`fake ${namespace} adapter: nobody watches ${connectorId}`)
      for (const listener of [...listeners]) listener(event)
    },
    watching: (connectorId) => (connectionListeners.get(connectorId)?.size ?? 0) > 0,
    holdLoad() {
      let release!: () => void
      loadGate = new Promise((resolve) => {
        release = resolve
      })
      return release
    },
  }
}

export interface MemoryStorage extends KeyValueStorage {
  /** Everything stored, for assertions. */
  entries(): Record<string, string>
}

/** An in-memory `KeyValueStorage`, optionally pre-filled (values are stored as given). */
export function createMemoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const data = new Map(Object.entries(initial))
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, String(value))
    },
    removeItem: (key) => {
      data.delete(key)
    },
    entries: () => Object.fromEntries(data),
  }
}

export interface TestLatch {
  client: LatchClient
  /** The fake eip155 adapter (unless `adapters` was overridden). */
  fake: FakeAdapter
  storage: MemoryStorage
}

/** Client options for tests; storage, when given, is in-memory so tests can read it back. */
export type TestLatchOptions = Partial<Omit<LatchOptions, 'storage'>> & { storage?: MemoryStorage }

/**
 * A client on devnets A and B with one fake eip155 adapter, in-memory storage and a desktop visitor.
 * Anything in `overrides` replaces the default.
 */
export function createTestLatch(
  overrides: TestLatchOptions = {},
  fake: FakeAdapter = createFakeAdapter(),
): TestLatch {
  const storage = overrides.storage ?? createMemoryStorage()
  const client = createLatch({
    networks: [devnetA, devnetB],
    adapters: [fake.factory],
    isMobile: () => false,
    ...overrides,
    storage,
  })
  return { client, fake, storage }
}

/** Lets pending promise callbacks run (works with fake timers too: no timer is involved). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 50; i++) await Promise.resolve()
}

/** Discovers the connectors of `namespace`, connects through `connectorId` and waits for the balance. */
export async function connectThrough(
  client: LatchClient,
  connectorId = 'wallet.a',
  namespace: ChainNamespace = 'eip155',
): Promise<void> {
  await client.getAdapter(namespace)
  await client.connect(connectorId)
  await flush()
}

/** Records `select(state)` every time `store` changes, starting with the current value. */
export function track<T, V>(store: Store<T>, select: (state: T) => V): V[] {
  const seen = [select(store.getState())]
  store.subscribe(() => {
    const value = select(store.getState())
    if (!Object.is(value, seen[seen.length - 1])) seen.push(value)
  })
  return seen
}

/** Fake timers for the running test only: real ones come back when it finishes, passed or failed. */
export function fakeTimersForThisTest(): void {
  vi.useFakeTimers()
  onTestFinished(() => {
    vi.useRealTimers()
  })
}
