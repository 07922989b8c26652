import { useLatchClient } from '../context.ts'

/**
 * @example
 * const { disconnect } = useDisconnect()
 */
export function useDisconnect(): { disconnect(): Promise<void> } {
  const client = useLatchClient()
  return { disconnect: client.disconnect }
}
