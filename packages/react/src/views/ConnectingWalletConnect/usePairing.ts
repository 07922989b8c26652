import {
  type BaseError,
  type ConnectFailure,
  type ConnectorsState,
  isPairingExpired,
  WalletConnectNotConfiguredError,
} from '@latch/core'
import { useCallback, useEffect, useState } from 'react'
import { useLatchClient } from '../../context.ts'
import { useStore, whole } from '../../hooks/useStore.ts'

const selectWalletConnect = (s: ConnectorsState) => s.list.find((c) => c.type === 'WALLET_CONNECT')

export type Pairing =
  /** The link is on its way (WalletConnect's code, the relay). */
  | { status: 'preparing' }
  /** The link to scan or open, until a wallet answers. */
  | { status: 'ready'; uri: string }
  | { status: 'failed'; failure: ConnectFailure; error: BaseError | undefined; retry(): void }
  /** The app does not offer WalletConnect. */
  | { status: 'unavailable' }

/**
 * The WalletConnect pairing the view shows: started (or kept) when the view mounts. Core renews the link before
 * it expires and gives it up when the modal closes; a failed attempt offers retry, which pairs anew.
 */
export function usePairing(): Pairing {
  const client = useLatchClient()
  const { status, pendingConnectorId, failure, error, wcUri, wcPairingExpiry } = useStore(
    client.connection,
    whole,
  )
  const walletConnect = useStore(client.connectors, selectWalletConnect)
  const [unavailable, setUnavailable] = useState(false)

  const start = useCallback(() => {
    client.connectWalletConnect().catch((reason: unknown) => {
      // Declines and timeouts land in the connection store; only a missing WalletConnect needs saying here.
      if (reason instanceof WalletConnectNotConfiguredError) setUnavailable(true)
    })
  }, [client])
  useEffect(start, [start])

  const mine = walletConnect !== undefined && pendingConnectorId === walletConnect.id
  if (unavailable) return { status: 'unavailable' }
  if (mine && failure && status !== 'connecting') return { status: 'failed', failure, error, retry: start }
  // A link within 10 s of expiry is not shown (SPEC §4): core is already replacing it.
  if (mine && wcUri && !isPairingExpired(wcPairingExpiry)) return { status: 'ready', uri: wcUri }
  return { status: 'preparing' }
}
