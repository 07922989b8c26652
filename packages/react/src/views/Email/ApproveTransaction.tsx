import { createStore } from '@latch/core'
import { useLayoutEffect, useRef } from 'react'
import { useAsync } from '../../async.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

/** The modal around `element`: where the frame goes, so it can be shown there later without loading again. */
export const modalOf = (element: Element | null) => element?.closest<HTMLElement>('.latch-root') ?? undefined

/** Before the frame's code is in, nothing is said: an approval is on its way. */
const arriving = createStore({ waiting: true })
const selectWaiting = (state: { waiting: boolean }) => state.waiting

/**
 * ApproveTransaction (SPEC §2, §6): the embedded wallet's own frame, laid over this view's place while it asks the
 * visitor to approve a signature or a transaction. What is signed, and the Approve and Reject buttons, are the
 * frame's: this page can neither read nor press them. Leaving the view declines the request.
 */
export function ApproveTransaction() {
  const client = useLatchClient()
  const slot = useRef<HTMLDivElement>(null)
  const loaded = useAsync(client.frame, client, client.loadedFrame)
  const session = loaded?.status === 'ready' ? loaded.value : undefined
  const waiting = useStore(session?.approval ?? arriving, selectWaiting)

  useLayoutEffect(() => {
    const element = slot.current
    const root = modalOf(element ?? null)
    if (!session || !element || !root) return
    return session.show(element, root)
  }, [session])

  return (
    <div ref={slot} className="latch-approve">
      {!waiting && <p className="latch-muted latch-center-text">Nothing is waiting for your approval.</p>}
    </div>
  )
}
