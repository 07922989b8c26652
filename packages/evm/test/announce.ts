/**
 * The setup the evm adapter's call tests share. Needs a DOM: use `// @vitest-environment happy-dom`.
 */
import { afterEach } from 'vitest'
import {
  createCleanup,
  createMockWallet,
  type MockAnswer,
  type MockWalletParameters,
  ProviderRpcError,
} from './mockWallet.ts'

/**
 * Sets up a test file's wallets: `announce` creates a mock wallet (from `defaults`, then `parameters`) and
 * announces it over EIP-6963; every announcement and whatever else goes in `cleanup` is undone after each test.
 *
 * @example
 * const { announce } = announcedWallets({ authorised: true })
 * const wallet = announce({ chainId: 8453 })
 */
export function announcedWallets(defaults: MockWalletParameters = {}) {
  const cleanup = createCleanup()
  afterEach(() => cleanup.run())
  const announce = (parameters: MockWalletParameters = {}) => {
    const wallet = createMockWallet({ ...defaults, ...parameters })
    cleanup.add(wallet.announce())
    return wallet
  }
  return { announce, cleanup }
}

/** An answer that rejects the way a wallet does, with `ProviderRpcError(code, message)` (4001: the visitor declined). */
export function throws(code: number, message: string): MockAnswer {
  return () => {
    throw new ProviderRpcError(code, message)
  }
}
