import { describe, expect, it } from 'vitest'

describe('@latch/devnet/wallet on a server', () => {
  it('imports without a window and touches no browser API until installed', async () => {
    expect(typeof window).toBe('undefined')
    const wallet = await import('./index.ts')
    expect(typeof wallet.installDevWallet).toBe('function')
  })
})
