// @vitest-environment node
// Only dynamic imports here: this file's worker starts with an empty module graph, so every package below
// is evaluated for the first time while the browser globals are watched.
import { afterEach, describe, expect, it } from 'vitest'

/** Globals a browser has and a server does not; any read of them on the server is a bug (DESIGN.md rule 1). */
const browserGlobals = [
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'matchMedia',
  'requestAnimationFrame',
  'HTMLElement',
  'customElements',
] as const

let restore: (() => void) | undefined

/** Makes every browser global throw on read, and records who read it. */
function watchBrowserGlobals(): string[] {
  const touched: string[] = []
  const saved = browserGlobals.map(
    (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
  )
  for (const name of browserGlobals) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        const where = new Error().stack?.split('\n').slice(2, 5).join('\n') ?? ''
        touched.push(`${name}\n${where}`)
        throw new ReferenceError(`${name} is not defined (read on the server)`)
      },
    })
  }
  restore = () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor)
      else delete (globalThis as Record<string, unknown>)[name]
    }
    restore = undefined
  }
  return touched
}

afterEach(() => restore?.())

const importEntries = () =>
  Promise.all([
    import('@latch/core'),
    import('@latch/evm'),
    import('./index.ts'),
    // The demo loads it like an extension's content script; it must import safely too.
    import('@latch/devnet/wallet'),
  ])

describe('server rendering (no DOM)', () => {
  it('imports every package entry without touching a browser global', async () => {
    expect(typeof window).toBe('undefined')
    const touched = watchBrowserGlobals()

    const [core, evm, react, wallet] = await importEntries()

    expect(touched).toEqual([])
    expect(typeof core.createLatch).toBe('function')
    expect(typeof evm.evmAdapter).toBe('function')
    expect(typeof react.LatchProvider).toBe('function')
    expect(typeof wallet.installDevWallet).toBe('function')
  })

  it('creates a client and renders the provider and buttons to a string, touching no browser global', async () => {
    const [
      { createLatch },
      { devnetA, devnetB, evmAdapter },
      { ConnectButton, LatchProvider, NetworkButton },
    ] = await importEntries()
    const { renderToString } = await import('react-dom/server')

    // Creating the client may feature-detect storage (guarded), and must survive globals that throw.
    watchBrowserGlobals()
    const client = createLatch({ networks: [devnetA, devnetB], adapters: [evmAdapter()] })
    restore?.()
    // Rendering must not read them at all: what it saw would differ from the browser's first render.
    const touched = watchBrowserGlobals()
    const html = renderToString(
      <LatchProvider client={client}>
        <NetworkButton />
        <ConnectButton />
      </LatchProvider>,
    )

    expect(touched).toEqual([])
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('Latch Devnet A')
    // Strict CSP (style-src 'self') forbids style attributes in server markup.
    expect(html).not.toContain('style=')
    expect(html).not.toContain('<dialog')
  })
})
