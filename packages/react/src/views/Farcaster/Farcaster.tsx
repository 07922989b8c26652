import {
  connectFarcaster,
  createStore,
  type FarcasterLoginState,
  farcasterLogin,
  type LatchClient,
  stopFarcaster,
} from '@latch/core'
import { useEffect, useRef } from 'react'
import { useAsync } from '../../async.tsx'
import { Icon } from '../../components/Icon/Icon.tsx'
import { QrCode } from '../../components/QrCode/QrCode.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore, whole } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import './Farcaster.css'

/** What the view shows before the frame's code is in: a code is on its way. */
const starting = createStore<FarcasterLoginState>({ status: 'starting', url: undefined, error: undefined })

/** Connects the account the frame has signed in (the AUTH connector's); its failure shows here. */
function connectAccount(client: LatchClient) {
  const connector = client.connectors.getState().list.find((c) => c.type === 'AUTH')
  if (connector) client.connect(connector.id).catch(() => undefined)
}

/**
 * ConnectingFarcaster: Sign In With Farcaster's code as a QR code and a link for the visitor's Farcaster app, renewed
 * when it expires, until the app answers; a refused answer, or anything else that failed, with Try again.
 */
export default function ConnectingFarcaster() {
  const client = useLatchClient()
  const view = useRef<HTMLDivElement>(null)
  const loaded = useAsync(client.frame, client, client.loadedFrame)
  const session = loaded?.status === 'ready' ? loaded.value : undefined
  const login = useStore(session ? farcasterLogin(session) : starting, whole)
  const connection = useStore(client.connection, whole)

  const start = () => {
    if (!session) return
    // The frame goes into the modal first: moved later, it would reload and lose the login.
    session.prepare(view.current?.closest<HTMLElement>('.latch-root') ?? undefined)
    connectFarcaster(session, client.options.storage).then((done) => done && connectAccount(client))
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: one login per session the view shows
  useEffect(() => {
    if (!session) return
    start()
    return () => stopFarcaster(session)
  }, [session])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(login.url ?? '')
      client.snack.show('success', 'Link copied')
    } catch {
      client.snack.show('error', 'Could not copy the link')
    }
  }
  const problem =
    loaded?.status === 'failed'
      ? 'The wallet could not be loaded'
      : login.status === 'failed'
        ? login.error?.message
        : connection.status !== 'connecting' && connection.error && login.status === 'connected'
          ? connection.error.shortMessage
          : undefined
  return (
    <div className="latch-view latch-farcaster" ref={view}>
      {problem ? (
        <>
          <span className="latch-social-mark" aria-hidden="true" data-mark="FC" />
          <h3 className="latch-strong latch-center-text">Farcaster login failed</h3>
          <p className="latch-email-error latch-center-text" role="alert">
            {problem}
          </p>
          <button
            type="button"
            className="latch-button"
            onClick={loaded?.status === 'failed' ? loaded.retry : start}
          >
            Try again
          </button>
        </>
      ) : login.status === 'waiting' && login.url ? (
        <>
          <QrCode value={login.url} label="QR code to scan with Farcaster" />
          <p role="status" className="latch-muted latch-center-text">
            Scan this code with your phone’s camera or Farcaster, then approve the sign-in
          </p>
          <a className="latch-button" href={login.url}>
            Open Farcaster
          </a>
          <button type="button" className="latch-button latch-button-secondary" onClick={copy}>
            <Icon name="copy" /> Copy link
          </button>
        </>
      ) : (
        <Spinner label={login.status === 'connected' ? 'Connecting' : 'Preparing the code…'} />
      )}
    </div>
  )
}
