// @vitest-environment node
import { createLatch } from '@latch/core'
import { devnetA, devnetB, evmAdapter } from '@latch/evm'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ConnectButton, LatchProvider, NetworkButton } from './index.ts'

describe('server rendering (no DOM)', () => {
  it('imports every browser package and renders the provider and buttons to a string', () => {
    expect(typeof window).toBe('undefined')
    const client = createLatch({ networks: [devnetA, devnetB], adapters: [evmAdapter()] })
    const html = renderToString(
      <LatchProvider client={client}>
        <NetworkButton />
        <ConnectButton />
      </LatchProvider>,
    )
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('Latch Devnet A')
    // Strict CSP (style-src 'self') forbids style attributes in server markup.
    expect(html).not.toContain('style=')
    expect(html).not.toContain('<dialog')
  })
})
