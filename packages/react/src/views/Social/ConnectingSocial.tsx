import {
  connectSocial,
  connectTelegram,
  createStore,
  type LatchClient,
  type SocialLoginState,
  socialLogin,
} from '@latch/core'
import type { ReactNode } from 'react'
import { useAsync } from '../../async.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore, whole } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'

// The social login after the visitor's click (the row, Social.tsx, opened the popup and loads this chunk): the login
// through the frame, and ConnectingSocial, which the row shows with its provider's mark and title. Nothing here
// imports the row's chunk: a part it shared would make that chunk name its exports, and the entry pay for it.

/** The embedded wallet's connector (AUTH). */
const embedded = (client: LatchClient) => client.connectors.getState().list.find((c) => c.type === 'AUTH')

/** Connects the account the frame has signed in; its failure shows in ConnectingSocial. */
function connectAccount(client: LatchClient) {
  const connector = embedded(client)
  if (connector) client.connect(connector.id).catch(() => undefined)
}

/**
 * Logs in with `provider` in `popup` (opened by the click) through the embedded wallet's frame, moved into the modal
 * `root` first (moved later, it would reload and lose the login); a login that succeeded connects the account.
 */
export function run(
  client: LatchClient,
  provider: string,
  popup: Window | null,
  root: HTMLElement | undefined,
) {
  client.frame?.().then(
    async (session) => {
      session.prepare(root)
      // Telegram: the page goes to its login page; the way back reconnects the embedded wallet, which completes it.
      if (provider === 'telegram')
        return connectTelegram(session, embedded(client)?.id ?? '', client.options.storage)
      if (await connectSocial(session, provider, popup, client.options.storage)) connectAccount(client)
    },
    () => {
      popup?.close()
      client.snack.show('error', 'Social login could not be loaded')
    },
  )
}

/** What ConnectingSocial shows before the frame's code is in: the popup is open. */
const idle = createStore<SocialLoginState>({ provider: undefined, status: 'popup', error: undefined })

export interface ConnectingSocialProps {
  /** The provider's title ('Google'). */
  title: string
  /** The provider's mark. */
  mark: ReactNode
  /** Logs in again, from the click on Try again (it opens a new popup first). */
  retry(event: { currentTarget: Element }): void
}

/** ConnectingSocial: the provider's popup is open; the visitor closed it, or it failed, with Try again. */
export default function ConnectingSocial({ title, mark, retry }: ConnectingSocialProps) {
  const client = useLatchClient()
  const loaded = useAsync(client.frame, client, client.loadedFrame)
  const session = loaded?.status === 'ready' ? loaded.value : undefined
  const login = useStore(session ? socialLogin(session) : idle, whole)
  const connection = useStore(client.connection, whole)

  const problem =
    login.status === 'cancelled'
      ? 'You closed the login window'
      : login.status === 'failed'
        ? login.error?.reason === 'timeout'
          ? 'The login timed out: nothing came back from the login window in 45 seconds'
          : login.error?.message
        : connection.status !== 'connecting' && connection.error && login.status === 'idle'
          ? connection.error.shortMessage
          : undefined
  return (
    <div className="latch-view latch-code">
      {mark}
      <h3 className="latch-strong latch-center-text">
        {login.status === 'cancelled' ? 'Login cancelled' : `Log in with ${title}`}
      </h3>
      {problem ? (
        <>
          <p className="latch-email-error latch-center-text" role="alert">
            {problem}
          </p>
          <button type="button" className="latch-button" onClick={retry}>
            Try again
          </button>
        </>
      ) : login.status === 'leaving' ? (
        <Spinner label={`Going to ${title}…`} />
      ) : login.status === 'popup' || !session ? (
        <Spinner label="Continue in the login window" />
      ) : (
        <Spinner label="Connecting" />
      )}
    </div>
  )
}
