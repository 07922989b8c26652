import { type LatchClient, openingView, type View, whenIdle } from '@latch/core'
import { createChunk } from '../chunk.ts'
import { emailChunk, viewChunks } from '../views/registry.ts'

export const modalChunk = createChunk(() => import('./Modal.tsx'))

/**
 * Warms the modal's chunks (and the chain adapters' code) when the visitor points at or focuses a button,
 * so a click shows the wallet list at once. Fetches only the app's own assets: no request leaves the origin.
 */
export function prefetchModal(client: LatchClient, view?: View): void {
  const target = view ?? openingView(client.options, client.getAccount().address)
  void modalChunk.load().catch(() => undefined)
  void viewChunks[target]?.load().catch(() => undefined)
  // Connect shows the embedded wallet's e-mail field with its wallets: both at once.
  if (target === 'Connect' && client.options.frameUrl) void emailChunk.load().catch(() => undefined)
  for (const adapter of client.options.adapters)
    void client.getAdapter(adapter.namespace).catch(() => undefined)
}

/**
 * Once the page has loaded and is idle, fetches and evaluates what a first click needs (the modal, the view it
 * opens on, the chain adapters), so that click shows the wallet list in the next frame. Own origin only, and
 * not when the visitor asked to save data. Returns a cancel function.
 */
export function prefetchWhenIdle(client: LatchClient): () => void {
  if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return () => {}
  let cancel = () => {}
  const schedule = () => {
    cancel = whenIdle(() => prefetchModal(client))
  }
  if (document.readyState === 'complete') schedule()
  else addEventListener('load', schedule, { once: true })
  return () => {
    removeEventListener('load', schedule)
    cancel()
  }
}
