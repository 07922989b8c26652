import type { ConnectorsState, RouterState } from '@latch/core'
import { WalletImage } from '../../components/WalletImage/WalletImage.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore, whole } from '../../hooks/useStore.ts'
import { NotInstalled } from './NotInstalled.tsx'

const selectList = (s: ConnectorsState) => s.list
const selectData = (s: RouterState) => s.data

const failureText = {
  declined: {
    title: 'Connection declined',
    detail: 'Connection can be declined if a previous request is still active.',
  },
  timeout: { title: 'The wallet did not respond', detail: 'Open the wallet and try again.' },
  error: { title: 'Connection failed', detail: 'Something went wrong.' },
} as const

/**
 * Waiting for an extension wallet to answer; declined → shake and retry (SPEC §2). A directory wallet that
 * is not installed shows where to get it instead.
 */
export default function ConnectingExternalView() {
  const client = useLatchClient()
  const { connectorId, wallet } = useStore(client.router.store, selectData)
  if (wallet && !connectorId) return <NotInstalled wallet={wallet} />
  return <Connecting connectorId={connectorId} />
}

function Connecting({ connectorId }: { connectorId: string | undefined }) {
  const client = useLatchClient()
  const list = useStore(client.connectors, selectList)
  const { status, pendingConnectorId, failure, error } = useStore(client.connection, whole)
  const connector = list.find((c) => c.id === connectorId)
  const name = connector?.name ?? 'the wallet'
  const mine = pendingConnectorId === connectorId
  const failed = mine && failure !== undefined
  const waiting = mine && status === 'connecting'
  const text = failed ? failureText[failure] : undefined

  const retry = () => {
    if (connectorId) client.connect(connectorId).catch(() => undefined)
  }

  return (
    <div className="latch-view latch-connecting" data-state={failed ? failure : waiting ? 'waiting' : 'idle'}>
      <div className="latch-connecting-image" data-failed={failed || undefined}>
        <WalletImage src={connector?.imageUrl} name={name} size={64} />
        {waiting && <span className="latch-ring" aria-hidden="true" />}
      </div>
      <div role="status" aria-live="polite" className="latch-connecting-text">
        <p className="latch-strong" data-error={failed || undefined}>
          {text ? text.title : `Continue in ${name}`}
        </p>
        <p className="latch-muted">
          {failed && failure === 'error' && error
            ? error.shortMessage
            : (text?.detail ?? 'Accept the connection request in the wallet.')}
        </p>
      </div>
      {(failed || !waiting) && (
        <button type="button" className="latch-button latch-button-secondary" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  )
}
