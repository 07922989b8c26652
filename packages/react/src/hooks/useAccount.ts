import type { AccountState, ConnectionState, NetworkState } from '@latch/core'
import { useCallback } from 'react'
import { useLatchClient } from '../context.ts'
import { useStore } from './useStore.ts'

export interface UseAccountReturnType extends AccountState {
  isConnected: boolean
  connectionStatus: ConnectionState['status']
}

const selectNamespace = (s: NetworkState) => s.activeNamespace
const selectStatus = (s: ConnectionState) => s.status

/**
 * The active namespace's account (SPEC §3 fields) and the connection status.
 *
 * @example
 * const { address, balance, balanceSymbol, isConnected } = useAccount()
 */
export function useAccount(): UseAccountReturnType {
  const client = useLatchClient()
  const namespace = useStore(client.network, selectNamespace)
  const connectionStatus = useStore(client.connection, selectStatus)
  const selectAccount = useCallback(
    (s: object) => (s as Record<string, AccountState | undefined>)[namespace],
    [namespace],
  )
  const account = useStore(client.accounts, selectAccount) ?? client.accounts.get(namespace)
  return { ...account, connectionStatus, isConnected: connectionStatus === 'connected' && !!account.address }
}
