import { readFile } from 'node:fs/promises'
import type { Plugin } from 'vite'

const mark = 'latch-dev-wallet'

/**
 * Bundles the dev wallet with its own copy of everything it imports (viem and its hashes), as a browser
 * extension ships its own code: without this, the app's EVM adapter and the dev wallet share viem chunks that
 * exist only because the demo hosts both, and every chunk loading part of viem pays for the extra files.
 * Modules reached from `packages/devnet/src/wallet/` get a `?latch-dev-wallet` id of their own.
 */
export function devWalletCopy(): Plugin {
  return {
    name: 'latch-dev-wallet-copy',
    // Only production builds are measured; the dev server serves modules as they are.
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith('\0')) return null
      const marked = importer.includes(mark)
      if (!marked && !/[\\/]packages[\\/]devnet[\\/]src[\\/]wallet[\\/]/.test(importer)) return null
      const resolved = await this.resolve(source, importer.split('?')[0], { ...options, skipSelf: true })
      if (!resolved || resolved.external || resolved.id.includes(mark) || resolved.id.startsWith('\0'))
        return resolved
      return { ...resolved, id: `${resolved.id}${resolved.id.includes('?') ? '&' : '?'}${mark}` }
    },
    async load(id) {
      if (!id.includes(mark)) return null
      return readFile(id.split('?')[0]!, 'utf8')
    },
  }
}
