import {
  connectSocial,
  createStore,
  type LatchClient,
  offeredSocials,
  openSocialPopup,
  type RouterState,
  rememberedSocial,
  type Social,
  type SocialLoginState,
  socialLogin,
  socialsFor,
} from '@latch/core'
import { useEffect, useState } from 'react'
import { useAsync } from '../../async.tsx'
import { useLatchClient } from '../../context.ts'
import { useAccount } from '../../hooks/useAccount.ts'
import { useStore, whole } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { socialChunk, viewChunks, viewTitles } from '../registry.ts'
import './Social.css'

// ConnectingSocial is known to the modal once this chunk is in (the entry carries neither it nor its title): the
// Connect view's social row, which loads it, is the only way there.
viewChunks.ConnectingSocial = socialChunk
viewTitles.ConnectingSocial = 'Log In'

/** The providers' names as people know them, and our own mark for each (a monogram: no third-party logo). */
const providers: Record<string, [title: string, mark: string]> = {
  google: ['Google', 'G'],
  x: ['X', 'X'],
  discord: ['Discord', 'D'],
  github: ['GitHub', 'GH'],
  apple: ['Apple', 'A'],
  facebook: ['Facebook', 'F'],
}
const titleOf = (provider: string | undefined) => providers[provider ?? '']?.[0] ?? provider ?? ''

/** The social row shows this many with their names; the others as marks, once the visitor asks for more. */
const NAMED = 3

/** A provider's mark, drawn by the stylesheet (`data-mark`): not text, so a button's name is its provider's alone. */
function Mark({ provider }: { provider: string }) {
  return (
    <span
      className="latch-social-mark"
      aria-hidden="true"
      data-mark={providers[provider]?.[1] ?? provider.slice(0, 1).toUpperCase()}
    />
  )
}

/**
 * Starts a social login from the visitor's click: the popup opens first (a popup opened after an await is blocked),
 * then ConnectingSocial follows the login, and a login that succeeded connects the embedded wallet's account.
 */
function logIn(client: LatchClient, provider: string, root: HTMLElement | undefined) {
  const popup = openSocialPopup(client.options.frameUrl ?? '')
  const { router } = client
  const data = { social: provider, title: titleOf(provider) }
  if (router.store.getState().view === 'ConnectingSocial') router.replace('ConnectingSocial', data)
  else router.push('ConnectingSocial', data)
  client.frame?.().then(
    async (session) => {
      // The frame goes into the modal first: moved later, it would reload and lose the login.
      session.prepare(root)
      if (await connectSocial(session, provider, popup, client.options.storage)) connectAccount(client)
    },
    () => {
      popup?.close()
      client.snack.show('error', 'Social login could not be loaded')
    },
  )
}

/** Connects the account the frame has signed in (the AUTH connector's); its failure shows in ConnectingSocial. */
function connectAccount(client: LatchClient) {
  const connector = client.connectors.getState().list.find((c) => c.type === 'AUTH')
  if (connector) client.connect(connector.id).catch(() => undefined)
}

const modalOf = (element: Element | null) => element?.closest<HTMLElement>('.latch-root') ?? undefined

/**
 * The Connect view's social logins under the e-mail field (SPEC §1's socials, in its order, the remembered one first;
 * SPEC §5's filter in Telegram's in-app browser): the first three with their names, the rest behind More.
 */
function SocialRow() {
  const client = useLatchClient()
  const [more, setMore] = useState(false)
  const [list, setList] = useState<Social[]>()
  useEffect(() => {
    let live = true
    offeredSocials(client.options).then((offered) => {
      if (live)
        setList(
          socialsFor(
            // Farcaster signs in without OAuth (ConnectingFarcaster): not offered here.
            offered.filter((social) => social !== 'farcaster'),
            { userAgent: navigator.userAgent, telegram: 'TelegramWebviewProxy' in window },
            rememberedSocial(client.options.storage),
          ),
        )
    })
    return () => {
      live = false
    }
  }, [client])
  const button = (provider: Social, named: boolean) => (
    <button
      key={provider}
      type="button"
      className="latch-social"
      aria-label={named ? undefined : `Log in with ${titleOf(provider)}`}
      onClick={(event) => logIn(client, provider, modalOf(event.currentTarget))}
    >
      <Mark provider={provider} />
      {named && titleOf(provider)}
    </button>
  )
  // Its place is kept while the server says which are offered; none offered, none shown.
  if (!list) return <div className="latch-socials" />
  if (!list.length) return null
  return (
    <fieldset className="latch-socials">
      <legend className="latch-visually-hidden">Log in with</legend>
      {list.slice(0, NAMED).map((provider) => button(provider, true))}
      {list.length > NAMED &&
        (more ? (
          list.slice(NAMED).map((provider) => button(provider, false))
        ) : (
          <button
            type="button"
            className="latch-social"
            aria-label="More social logins"
            aria-expanded="false"
            onClick={() => setMore(true)}
          >
            <span className="latch-social-mark" aria-hidden="true" data-mark="⋯" />
          </button>
        ))}
    </fieldset>
  )
}

const selectView = (state: RouterState) => state

/** ConnectingSocial: the provider's popup is open; the visitor closed it, or it failed, with Try again. */
function ConnectingSocial() {
  const client = useLatchClient()
  const { data } = useStore(client.router.store, selectView)
  const provider = data.social ?? ''
  const loaded = useAsync(client.frame, client, client.loadedFrame)
  const session = loaded?.status === 'ready' ? loaded.value : undefined
  const login = useStore(session ? socialLogin(session) : idle, whole)
  const connection = useStore(client.connection, whole)
  const again = (event: { currentTarget: Element }) => logIn(client, provider, modalOf(event.currentTarget))

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
      <Mark provider={provider} />
      <h3 className="latch-strong latch-center-text">
        {login.status === 'cancelled' ? 'Login cancelled' : `Log in with ${titleOf(provider)}`}
      </h3>
      {problem ? (
        <>
          <p className="latch-email-error latch-center-text" role="alert">
            {problem}
          </p>
          <button type="button" className="latch-button" onClick={again}>
            Try again
          </button>
        </>
      ) : login.status === 'popup' || !session ? (
        <Spinner label="Continue in the login window" />
      ) : (
        <Spinner label="Connecting" />
      )}
    </div>
  )
}

/** What ConnectingSocial shows before the frame's code is in: the popup is open. */
const idle = createStore<SocialLoginState>({ provider: undefined, status: 'popup', error: undefined })

/** The Account view's line for an account a social login connected: the provider and the handle or e-mail it gave. */
function SocialAccount() {
  const { socialProvider, user } = useAccount()
  return (
    <p className="latch-muted latch-account-email">
      {socialProvider && <Mark provider={socialProvider} />}
      <span className="latch-clip" title={user?.username ?? user?.email}>
        {`${titleOf(socialProvider)} · ${user?.username ?? user?.email ?? ''}`}
      </span>
    </p>
  )
}

/** The social login's part of the modal, one chunk: the Connect view's row, ConnectingSocial, and Account's line. */
export default function SocialLogin() {
  const client = useLatchClient()
  const { view } = useStore(client.router.store, selectView)
  if (view === 'Account') return <SocialAccount />
  return view === 'ConnectingSocial' ? <ConnectingSocial /> : <SocialRow />
}
