import type { LatchClient } from '@latch/core'
import { createContext, useContext } from 'react'

export const LatchContext = createContext<LatchClient | undefined>(undefined)

/**
 * The client given to the nearest `LatchProvider`.
 *
 * @example
 * const latch = useLatchClient()
 */
export function useLatchClient(): LatchClient {
  const client = useContext(LatchContext)
  if (!client) throw new Error('Latch hooks must be used inside <LatchProvider client={…}>.')
  return client
}
