import type { OpenParameters, View } from '@latch/core'
import { useLatchClient } from '../context.ts'
import { useStore } from './useStore.ts'

export interface UseLatchReturnType {
  open(parameters?: OpenParameters): Promise<void>
  close(): void
  isOpen: boolean
  view: View
}

const selectOpen = (s: { open: boolean }) => s.open
const selectView = (s: { view: View }) => s.view

/**
 * Opens and closes the modal.
 *
 * @example
 * const { open } = useLatch()
 * <button onClick={() => open({ view: 'Networks' })}>Networks</button>
 */
export function useLatch(): UseLatchReturnType {
  const client = useLatchClient()
  const isOpen = useStore(client.modal, selectOpen)
  const view = useStore(client.router.store, selectView)
  return { open: client.open, close: client.close, isOpen, view }
}
