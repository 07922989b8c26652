import type { ModalState, RouterState } from '@latch/core'
import {
  type KeyboardEvent,
  type MouseEvent,
  type SyntheticEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from 'react'
import { ChunkSlot } from '../async.tsx'
import { useLatchClient } from '../context.ts'
import { useStore } from '../hooks/useStore.ts'
import { useThemeRef } from '../theme/useThemeRef.ts'
import { viewChunks } from '../views/registry.ts'
import { Header } from './Header.tsx'
import { Snackbar } from './Snackbar.tsx'
import { Spinner } from './Spinner.tsx'
import { trapTab } from './trapTab.ts'
import './modal.css'

const selectOpen = (s: ModalState) => s.open
const selectShake = (s: ModalState) => s.shake
const selectView = (s: RouterState) => s.view

/** A view whose chunk could not be fetched (every async step settles and offers retry). */
function viewFailed(retry: () => void) {
  return (
    <div className="latch-view latch-connecting">
      <p className="latch-muted">This part of the modal could not be loaded.</p>
      <button type="button" className="latch-button latch-button-secondary" onClick={retry}>
        Try again
      </button>
    </div>
  )
}

/**
 * The modal: one native `<dialog>` (focus moves in, stays in, and returns; Esc closes) whose content is the
 * router's current view.
 */
export default function Modal() {
  const client = useLatchClient()
  const { ref: dialogRef } = useThemeRef<HTMLDialogElement>()
  const openerRef = useRef<Element | null>(null)
  const open = useStore(client.modal, selectOpen)
  const shake = useStore(client.modal, selectShake)
  const view = useStore(client.router.store, selectView)
  const titleId = useId()
  const embedded = client.options.embedded

  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (!dialog || embedded) return
    if (open && !dialog.open) {
      openerRef.current = document.activeElement
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
      const opener = openerRef.current
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [open, embedded, dialogRef])

  useEffect(() => {
    if (!open) client.snack.hide()
  }, [client, open])

  // Esc: the browser would close the dialog behind React's back; route it through the client instead.
  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault()
    client.close()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    trapTab(event.nativeEvent, event.currentTarget)
  }
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) client.close()
  }

  // A view the modal does not know yet is a wallet feature's (opened with `open({ view })` before the Account view
  // showed): the Account view stands in until its feature buttons make it known (Features.tsx).
  const chunk = viewChunks[view] ?? viewChunks.Account
  const content = (
    <div className="latch-modal" data-shake={shake || undefined} data-view={view}>
      <Header titleId={titleId} />
      <div className="latch-body">
        <ChunkSlot chunk={chunk} loading={<Spinner label="Loading" />} failed={viewFailed} />
      </div>
      <Snackbar />
    </div>
  )

  if (embedded) {
    return (
      <section ref={dialogRef as never} className="latch-root latch-embedded" aria-labelledby={titleId}>
        {content}
      </section>
    )
  }
  return (
    <dialog
      ref={dialogRef}
      className="latch-root latch-dialog"
      aria-labelledby={titleId}
      onCancel={onCancel}
      onKeyDown={onKeyDown}
      onClick={onBackdropClick}
    >
      {open && content}
    </dialog>
  )
}
