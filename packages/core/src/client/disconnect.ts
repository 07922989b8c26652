import { DisconnectError } from '../errors/BaseError.ts'
import type { ChainNamespace } from '../types.ts'
import type { AdapterRegistry } from './adapters.ts'
import type { ClientContext } from './context.ts'
import type { Session } from './session.ts'

/**
 * Disconnect the active wallet and its companion chains connected through the same kind of connector
 * (SPEC §4). When the wallet refuses, nothing is reset and the snackbar says 'Failed to disconnect'.
 */
export function createDisconnect(context: ClientContext, registry: AdapterRegistry, session: Session) {
  const { connection, modal, snack } = context

  return async function disconnect(): Promise<void> {
    const { connections } = connection.getState()
    const active = connections[context.activeNamespace()] ?? Object.values(connections)[0]
    if (!active) {
      session.reset([])
      return
    }
    const namespaces = (Object.keys(connections) as ChainNamespace[]).filter(
      (namespace) => connections[namespace]?.connectorType === active.connectorType,
    )
    try {
      await Promise.all(
        namespaces.map(async (namespace) => {
          const adapter = await registry.getAdapter(namespace)
          await adapter.disconnect({ connectorId: connections[namespace]!.connectorId })
        }),
      )
    } catch (cause) {
      const error = new DisconnectError(cause)
      snack.show('error', error.shortMessage)
      throw error
    }
    // Before the reset, so the event carries the address that disconnected.
    context.track('DISCONNECT_SUCCESS')
    session.reset(namespaces)
    if (modal.getState().open) context.closeModal()
  }
}
