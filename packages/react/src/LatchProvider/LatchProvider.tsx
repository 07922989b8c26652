import type { LatchClient } from '@latch/core'
import { type ReactNode, useEffect, useState } from 'react'
import { useAsync } from '../async.tsx'
import { LatchContext } from '../context.ts'
import { modalChunk, prefetchWhenIdle } from '../modal/prefetch.ts'

export interface LatchProviderProps {
  client: LatchClient
  children?: ReactNode
}

/**
 * Gives the client to hooks and buttons, reconnects a returning visitor silently, and mounts the modal the
 * first time it opens (its code is not part of the page's first load: it is fetched once the page is idle).
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

  // A prefetched modal renders in the very commit that opens it (no Suspense fallback, no throttle).
  const modal = useAsync(modalWanted && modalChunk.load, modalChunk, modalChunk.get)

  // The modal's chunk could not be fetched: close, so the next click on the button tries again.
  useEffect(() => {
    if (modal?.status !== 'failed') return
    client.close()
    setModalWanted(false)
    modal.retry()
  }, [client, modal])

  useEffect(() => {
    void client.reconnect()
  }, [client])

  // The modal's code arrives while the page is idle, so the first click renders it at once (an embedded
  // modal is opened below, which loads it).
  useEffect(() => (client.options.embedded ? undefined : prefetchWhenIdle(client)), [client])

  // An embedded modal is on the page from the start and no button opens it: opening it here is what loads
  // the adapters, so its wallet list is discovered (and shows loading meanwhile, SPEC §4).
  useEffect(() => {
    if (client.options.embedded) void client.open()
  }, [client])

  return (
    <LatchContext.Provider value={client}>
      {children}
      {modal?.status === 'ready' && <modal.value />}
    </LatchContext.Provider>
  )
}
