/**
 * The shared test harness of @latch/evm: a scriptable EIP-1193 wallet that behaves like a real extension
 * (accounts, chains it knows, permissions) and can announce itself over EIP-6963 or inject itself as a
 * legacy `window.ethereum`. Every method can be overridden per test; every request is logged.
 *
 * Announcing and injecting need a DOM: use `// @vitest-environment happy-dom` in the test file.
 */
import type { ChainAdapter, Network } from '@latch/core'
import { createEvmAdapter } from '../src/adapter.ts'
import { devnetNetwork } from '../src/networks.ts'
import type { EvmAdapterOptions } from '../src/options.ts'

/** Anvil's account 0 (the well-known test mnemonic), the dev wallet's default account. */
export const anvilAccount0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

export type MockListener = (payload: unknown) => void

/** A scripted answer: return a value (or a promise) to resolve, throw to reject. */
export type MockAnswer = (params: readonly unknown[]) => unknown

export interface MockWalletParameters {
  name?: string
  rdns?: string
  icon?: string
  uuid?: string
  accounts?: readonly string[]
  /** The chain the wallet is on. */
  chainId?: number
  /** Chains the wallet can switch to without `wallet_addEthereumChain`; always includes `chainId`. */
  knownChainIds?: readonly number[]
  /** Whether the site is already authorised (so `eth_accounts` answers without a prompt). */
  authorised?: boolean
  /** Overrides of the default behaviour, by method. */
  answers?: Record<string, MockAnswer>
}

export interface MockCall {
  method: string
  params: readonly unknown[]
}

/** An error the way wallets throw them: an Error with a numeric `code` (and maybe `data`). */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

export interface MockProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: MockListener): MockProvider
  removeListener(event: string, listener: MockListener): MockProvider
}

export interface MockWallet {
  readonly provider: MockProvider
  readonly info: { uuid: string; name: string; icon: `data:image/${string}`; rdns: string }
  /** Every request in order. */
  readonly calls: MockCall[]
  /** The methods requested, in order. */
  methods(): string[]
  /** Replaces the behaviour of one method. */
  answer(method: string, answer: MockAnswer): void
  /** Emits an EIP-1193 event to the provider's listeners. */
  emit(event: string, payload: unknown): void
  listenerCount(event: string): number
  readonly state: { accounts: string[]; chainId: number; knownChainIds: Set<number>; authorised: boolean }
  /** Announces over EIP-6963 now and on every `eip6963:requestProvider`. Returns a stop. */
  announce(): () => void
  /** Sets `window.ethereum` to this wallet. Returns a stop that removes it. */
  injectLegacy(): () => void
}

let nextUuid = 1

/**
 * Creates a mock wallet on chain 31337 with anvil account 0, not yet authorised for the site.
 *
 * @example
 * const wallet = createMockWallet({ rdns: 'io.metamask', answers: { eth_requestAccounts: () => reject4001() } })
 * cleanups.push(wallet.announce())
 */
export function createMockWallet(parameters: MockWalletParameters = {}): MockWallet {
  const uuid = parameters.uuid ?? `00000000-0000-4000-8000-${String(nextUuid++).padStart(12, '0')}`
  const info = {
    uuid,
    name: parameters.name ?? 'Mock Wallet',
    icon: (parameters.icon ??
      'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>') as `data:image/${string}`,
    rdns: parameters.rdns ?? 'org.latch.mock',
  }
  const chainId = parameters.chainId ?? 31337
  const state = {
    accounts: [...(parameters.accounts ?? [anvilAccount0])],
    chainId,
    knownChainIds: new Set([chainId, ...(parameters.knownChainIds ?? [])]),
    authorised: parameters.authorised ?? false,
  }
  const calls: MockCall[] = []
  const listeners = new Map<string, Set<MockListener>>()
  const emit = (event: string, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
  }

  const defaults: Record<string, MockAnswer> = {
    eth_requestAccounts: () => {
      state.authorised = true
      return [...state.accounts]
    },
    eth_accounts: () => (state.authorised ? [...state.accounts] : []),
    eth_chainId: () => `0x${state.chainId.toString(16)}`,
    wallet_switchEthereumChain: (params) => {
      const target = Number.parseInt((params[0] as { chainId: string }).chainId, 16)
      if (!state.knownChainIds.has(target)) throw new ProviderRpcError(4902, 'Unrecognized chain ID')
      if (target !== state.chainId) {
        state.chainId = target
        emit('chainChanged', `0x${target.toString(16)}`)
      }
      return null
    },
    wallet_addEthereumChain: (params) => {
      state.knownChainIds.add(Number.parseInt((params[0] as { chainId: string }).chainId, 16))
      return null
    },
    wallet_revokePermissions: () => {
      state.authorised = false
      return null
    },
    personal_sign: () => `0x${'ab'.repeat(65)}`,
    eth_sendTransaction: () => `0x${'11'.repeat(32)}`,
  }
  const answers: Record<string, MockAnswer> = { ...defaults, ...parameters.answers }

  const provider: MockProvider = {
    async request({ method, params }) {
      const list = Array.isArray(params) ? params : params === undefined ? [] : [params]
      calls.push({ method, params: list })
      const answer = answers[method]
      if (!answer) throw new ProviderRpcError(4200, `The method "${method}" is not supported`)
      return answer(list)
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }

  return {
    provider,
    info,
    calls,
    state,
    methods: () => calls.map((call) => call.method),
    answer(method, answer) {
      answers[method] = answer
    },
    emit,
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
    announce() {
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
        )
      announce()
      window.addEventListener('eip6963:requestProvider', announce)
      return () => window.removeEventListener('eip6963:requestProvider', announce)
    },
    injectLegacy() {
      const target = window as { ethereum?: unknown }
      target.ethereum = provider
      return () => {
        if (target.ethereum === provider) delete target.ethereum
      }
    },
  }
}

/** Runs the registered cleanups (announcements, injections, watchers) after each test. */
export function createCleanup(): { add(stop: () => void): void; run(): void } {
  const stops: (() => void)[] = []
  return {
    add: (stop) => {
      stops.push(stop)
    },
    run: () => {
      for (const stop of stops.splice(0).reverse()) stop()
    },
  }
}

/** Resolves after `ms`, for waits the code under test must be able to outlast. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * An adapter for chain 31337 with short discovery waits, so tests about "not found" finish quickly.
 *
 * @example
 * const adapter = createTestAdapter()
 */
export function createTestAdapter(
  options: EvmAdapterOptions = {},
  networks: readonly Network[] = [testNetwork],
): ChainAdapter {
  return createEvmAdapter({ networks }, { legacyFallbackDelayMs: 10, connectorWaitMs: 100, ...options })
}

/** The network of a mock wallet's default chain. */
export const testNetwork = devnetNetwork(31337, 'http://127.0.0.1:8545', 'Test chain')
