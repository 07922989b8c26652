/**
 * The one shared harness for @latch/react's tests: a real `createLatch` client driven by core's scriptable
 * fake adapter (packages/core/test/fakeAdapter.ts), rendered inside `<LatchProvider>`.
 *
 * Test files that use it start with `// @vitest-environment happy-dom`.
 */
import { createLatch, type LatchClient, type LatchOptions, type OpenParameters } from '@latch/core'
import {
  act,
  cleanup,
  type RenderHookResult,
  type RenderResult,
  render,
  renderHook,
  screen,
  waitFor,
  within,
} from '@testing-library/react'
import { type ReactNode, StrictMode } from 'react'
import { afterEach } from 'vitest'
import {
  connector,
  connectThrough,
  createFakeAdapter,
  createMemoryStorage,
  devnetA,
  devnetB,
  type FakeAdapter,
  flush,
  type MemoryStorage,
} from '../../core/test/fakeAdapter.ts'
import { LatchProvider } from '../src/LatchProvider/LatchProvider.tsx'

export * from '../../core/test/fakeAdapter.ts'

/**
 * The page is idle only when a test says so (`idle()`): the provider fetches the modal's code at idle, which
 * must not land at a random moment of other tests. happy-dom has no requestIdleCallback of its own.
 */
const idleCallbacks = new Map<number, IdleRequestCallback>()
let nextIdleId = 1
window.requestIdleCallback = (callback) => {
  idleCallbacks.set(nextIdleId, callback)
  return nextIdleId++
}
window.cancelIdleCallback = (id) => {
  idleCallbacks.delete(id)
}

/** Runs what waits for the page to be idle, and lets what it started settle. */
export async function idle(): Promise<void> {
  const callbacks = [...idleCallbacks.values()]
  idleCallbacks.clear()
  await act(async () => {
    for (const callback of callbacks) callback({ didTimeout: false, timeRemaining: () => 50 })
    await flush()
  })
}

/** Vitest runs without globals, so testing-library cannot register its own cleanup. */
const clients: LatchClient[] = []
afterEach(() => {
  idleCallbacks.clear()
  cleanup()
  for (const client of clients.splice(0)) client.destroy()
})

/** Two named EIP-6963 wallets, as a browser with MetaMask and Rabby installed would announce them. */
/** The connected ConnectButton's accessible name: 'Account', the balance when shown, the short address. */
export const ACCOUNT_BUTTON = /^Account\b.*0xf39F…2266$/

export const metaMask = connector('io.metamask', { name: 'MetaMask', info: { rdns: 'io.metamask' } })
export const rabby = connector('io.rabby', { name: 'Rabby', info: { rdns: 'io.rabby' } })

/** The default fake eip155 adapter: a browser with MetaMask and Rabby; script it before rendering. */
export function createWallets(): FakeAdapter {
  return createFakeAdapter({ connectors: [metaMask, rabby] })
}

export interface TestClientOptions extends Partial<LatchOptions> {
  /** Defaults to `createWallets()`. */
  fake?: FakeAdapter
  /** A previous visit connected through this connector: the provider reconnects it on mount. */
  storedConnection?: string
}

export interface TestClient {
  client: LatchClient
  fake: FakeAdapter
  storage: MemoryStorage
  /** Discovers the wallets and connects through one (MetaMask by default), balance included. */
  connect(connectorId?: string): Promise<void>
  /** Opens the modal as `useLatch().open` would. */
  open(parameters?: OpenParameters): Promise<void>
}

/** A client on devnets A and B with the fake adapter, in-memory storage and a desktop visitor. */
export function createTestClient(options: TestClientOptions = {}): TestClient {
  const { fake = createWallets(), storedConnection, ...overrides } = options
  const storage = createMemoryStorage(
    storedConnection ? { '@latch/connections': JSON.stringify({ [fake.namespace]: storedConnection }) } : {},
  )
  const client = createLatch({
    networks: [devnetA, devnetB],
    adapters: [fake.factory],
    isMobile: () => false,
    storage,
    ...overrides,
  })
  clients.push(client)
  return {
    client,
    fake,
    storage,
    connect: (connectorId = metaMask.id) => act(() => connectThrough(client, connectorId, fake.namespace)),
    open: (parameters) => act(() => client.open(parameters)),
  }
}

export type RenderWithClientResult = RenderResult & TestClient

/**
 * Renders `ui` inside `<LatchProvider>` and lets the provider's mount-time reconnect settle.
 *
 * @example
 * const { client, fake } = await renderWithClient(<ConnectButton />)
 */
export async function renderWithClient(
  ui: ReactNode,
  options: TestClientOptions = {},
): Promise<RenderWithClientResult> {
  const test = createTestClient(options)
  const result = render(
    <StrictMode>
      <LatchProvider client={test.client}>{ui}</LatchProvider>
    </StrictMode>,
  )
  await act(flush)
  return { ...result, ...test }
}

export type RenderHookWithClientResult<T> = RenderHookResult<T, unknown> & TestClient

/** Runs `hook` inside `<LatchProvider>`, for the hooks' own tests. */
export async function renderHookWithClient<T>(
  hook: () => T,
  options: TestClientOptions = {},
): Promise<RenderHookWithClientResult<T>> {
  const test = createTestClient(options)
  const result = renderHook(hook, {
    wrapper: ({ children }) => (
      <StrictMode>
        <LatchProvider client={test.client}>{children}</LatchProvider>
      </StrictMode>
    ),
  })
  await act(flush)
  return { ...result, ...test }
}

/** Generous: the modal and every view are lazy chunks, and the first import of each is transformed on demand. */
const LAZY_TIMEOUT_MS = 5000

/**
 * Waits for the modal to be open at the view titled `title`, with that view's lazy chunk loaded (the
 * Suspense fallback, a spinner labelled "Loading", is gone). Returns the dialog.
 */
export async function findView(title: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name: title }, { timeout: LAZY_TIMEOUT_MS })
  await waitFor(
    () => {
      if (within(dialog).queryByText('Loading')) throw new Error(`the ${title} view is still loading`)
    },
    { timeout: LAZY_TIMEOUT_MS },
  )
  return dialog
}

/** Waits for a live region (role status) to announce `message`, e.g. the modal's snackbar. */
export async function findStatus(message: string): Promise<HTMLElement> {
  return waitFor(() => {
    const region = screen.getAllByRole('status').find((element) => element.textContent?.includes(message))
    if (!region) throw new Error(`no status announces "${message}"`)
    return region
  })
}
