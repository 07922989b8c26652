import type { AdapterFactory } from '@latch/core'
import type { SolanaAdapterOptions } from './options.ts'

/**
 * The Solana adapter for `createLatch`. Only this small factory is in the page's first load: `@solana/kit` and
 * the Wallet Standard arrive in a lazy chunk when Latch first needs the adapter (DESIGN.md rule 6).
 *
 * @example
 * const latch = createLatch({ adapters: [evmAdapter(), solanaAdapter()], networks: [mainnet, solana] })
 */
export function solanaAdapter(options: SolanaAdapterOptions = {}): AdapterFactory {
  return {
    namespace: 'solana',
    async load(context) {
      const { createSolanaAdapter } = await import('./adapter.ts')
      return createSolanaAdapter(context, options)
    },
  }
}
