import type { LatchClient } from '@latch/core'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { LatchContext } from '../context.ts'
import { loadModal } from '../modal/prefetch.ts'

const Modal = lazy(loadModal)

export interface LatchProviderProps {
  client: LatchClient
  children?: ReactNode
}

/**
 * Gives the client to hooks and buttons, reconnects a returning visitor silently, and mounts the modal the
 * first time it opens (its code is not part of the page's first load).
 *
 * @example
 * <LatchProvider client={latch}><ConnectButton /></LatchProvider>
 */
export function LatchProvider({ client, children }: LatchProviderProps) {
  const [modalWanted, setModalWanted] = useState(
    () => client.modal.getState().open || client.options.embedded,
  )

  useEffect(() => {
    if (modalWanted) return
    const check = () => {
      if (client.modal.getState().open) setModalWanted(true)
    }
    check()
    return client.modal.subscribe(check)
  }, [client, modalWanted])

  useEffect(() => {
    void client.reconnect()
  }, [client])

  // An embedded modal is on the page from the start and no button opens it: opening it here is what loads
  // the adapters, so its wallet list is discovered (and shows loading meanwhile, SPEC §4).
  useEffect(() => {
    if (client.options.embedded) void client.open()
  }, [client])

  return (
    <LatchContext.Provider value={client}>
      {children}
      {modalWanted && (
        <Suspense fallback={null}>
          <Modal />
        </Suspense>
      )}
    </LatchContext.Provider>
  )
}
