import { type LatchClient, resolveOpeningView, type View } from '@latch/core'
import { viewLoaders } from '../views/registry.ts'

export const loadModal = () => import('./Modal.tsx')

/**
 * Warms the modal's chunks (and the chain adapters' code) when the visitor points at or focuses a button,
 * so a click shows the wallet list at once. Fetches only the app's own assets: no request leaves the origin.
 */
export function prefetchModal(client: LatchClient, view?: View): void {
  const target =
    view ??
    resolveOpeningView({
      hasAdapters: client.options.adapters.length > 0,
      address: client.getAccount().address,
      isMobile: client.options.isMobile(),
    })
  void loadModal().catch(() => undefined)
  void viewLoaders[target]?.().catch(() => undefined)
  for (const adapter of client.options.adapters)
    void client.getAdapter(adapter.namespace).catch(() => undefined)
}
