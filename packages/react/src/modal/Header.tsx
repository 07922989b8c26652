import { Icon } from '../components/Icon/Icon.tsx'
import { useLatchClient } from '../context.ts'
import { useStore, whole } from '../hooks/useStore.ts'
import { viewTitles } from '../views/registry.ts'

export function Header({ titleId }: { titleId: string }) {
  const client = useLatchClient()
  const { view, history, data } = useStore(client.router.store, whole)
  const canGoBack = history.length > 1 && view !== 'UnsupportedChain'
  const walletName =
    view === 'ConnectingExternal' || view === 'ConnectingWalletConnect'
      ? (client.connectors.getState().list.find((c) => c.id === data.connectorId)?.name ?? data.wallet?.name)
      : undefined
  return (
    <header className="latch-header">
      {canGoBack ? (
        <button type="button" className="latch-icon-button" onClick={client.back} aria-label="Back">
          <Icon name="back" />
        </button>
      ) : (
        <span className="latch-icon-spacer" />
      )}
      <h2 id={titleId} className="latch-title latch-clip" title={walletName}>
        {walletName ?? data.title ?? viewTitles[view]}
      </h2>
      {client.options.embedded ? (
        <span className="latch-icon-spacer" />
      ) : (
        <button type="button" className="latch-icon-button" onClick={client.close} aria-label="Close">
          <Icon name="close" />
        </button>
      )}
    </header>
  )
}
