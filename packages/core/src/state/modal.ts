import { createStore, type Store } from './store.ts'

export interface ModalState {
  open: boolean
  /** Set on open, cleared on close and once the modal is ready (SPEC §4). */
  loading: boolean
  /** True for the 500 ms of the shake animation (SPEC §2). */
  shake: boolean
}

export const SHAKE_MS = 500

export interface ModalStore extends Store<ModalState> {
  setOpen(open: boolean): void
  setLoading(loading: boolean): void
  triggerShake(): void
  dispose(): void
}

export function createModalStore(): ModalStore {
  const store = createStore<ModalState>({ open: false, loading: false, shake: false })
  let shakeTimer: ReturnType<typeof setTimeout> | undefined
  return {
    ...store,
    setOpen(open) {
      store.setState({ open, loading: open })
    },
    setLoading(loading) {
      store.setState({ loading })
    },
    triggerShake() {
      clearTimeout(shakeTimer)
      store.setState({ shake: true })
      shakeTimer = setTimeout(() => store.setState({ shake: false }), SHAKE_MS)
    },
    dispose() {
      clearTimeout(shakeTimer)
    },
  }
}
