import { createStore, type Store } from './store.ts'

export type SnackVariant = 'loading' | 'success' | 'error'

export interface SnackState {
  open: boolean
  variant: SnackVariant
  message: string
}

/** A new message while one is open closes it first and shows after this delay (SPEC §4). */
export const SNACK_SWAP_MS = 150
/** Success and error messages hide themselves after this long; loading stays until replaced. */
export const SNACK_HIDE_MS = 2500

export interface SnackStore extends Store<SnackState> {
  show(variant: SnackVariant, message: string): void
  hide(): void
  dispose(): void
}

export function createSnackStore(): SnackStore {
  const store = createStore<SnackState>({ open: false, variant: 'success', message: '' })
  let swapTimer: ReturnType<typeof setTimeout> | undefined
  let hideTimer: ReturnType<typeof setTimeout> | undefined

  const present = (variant: SnackVariant, message: string) => {
    store.setState({ open: true, variant, message })
    clearTimeout(hideTimer)
    if (variant !== 'loading') hideTimer = setTimeout(() => store.setState({ open: false }), SNACK_HIDE_MS)
  }

  return {
    ...store,
    show(variant, message) {
      clearTimeout(swapTimer)
      if (!store.getState().open) {
        present(variant, message)
        return
      }
      clearTimeout(hideTimer)
      store.setState({ open: false })
      swapTimer = setTimeout(() => present(variant, message), SNACK_SWAP_MS)
    },
    hide() {
      clearTimeout(swapTimer)
      clearTimeout(hideTimer)
      store.setState({ open: false })
    },
    dispose() {
      clearTimeout(swapTimer)
      clearTimeout(hideTimer)
    },
  }
}
