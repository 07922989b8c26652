import type { AdapterFactory } from '@latch/core'
import type { EvmAdapterOptions } from './options.ts'

/**
 * The EVM (`eip155`) adapter for `createLatch`. Only this small factory is in the page's first load: viem and
 * mipd arrive in a lazy chunk when Latch first needs the adapter (DESIGN.md rule 6).
 *
 * @example
 * const latch = createLatch({ adapters: [evmAdapter()], networks: [mainnet, base] })
 */
export function evmAdapter(options: EvmAdapterOptions = {}): AdapterFactory {
  return {
    namespace: 'eip155',
    async load(context) {
      const { createEvmAdapter } = await import('./adapter.ts')
      return createEvmAdapter(context, options)
    },
  }
}
