import {
  type LatchClient,
  lazy,
  type OfferedSocial,
  offeredSocials,
  openSocialPopup,
  rememberedSocial,
  socialsFor,
} from '@latch/core'
import { useEffect, useState } from 'react'
import { useAsync } from '../../async.tsx'
import { createChunk } from '../../chunk.ts'
import { useLatchClient } from '../../context.ts'
import { useAccount } from '../../hooks/useAccount.ts'
import { useStore, whole } from '../../hooks/useStore.ts'
import { socialChunk, viewChunks, viewTitles } from '../registry.ts'
import './Social.css'

// ConnectingSocial and ConnectingFarcaster are known to the modal once this chunk is in (the entry carries neither
// them nor their titles): the Connect view's social row, which loads it, is the only way there.
viewChunks.ConnectingSocial = socialChunk
viewTitles.ConnectingSocial = 'Log In'
viewChunks.ConnectingFarcaster = createChunk(() => import('../Farcaster/Farcaster.tsx'))
viewTitles.ConnectingFarcaster = 'Farcaster'

/** The providers' names as people know them, and our own mark for each (a monogram: no third-party logo). */
const providers: Record<string, [title: string, mark: string]> = {
  google: ['Google', 'G'],
  x: ['X', 'X'],
  discord: ['Discord', 'D'],
  farcaster: ['Farcaster', 'FC'],
  github: ['GitHub', 'GH'],
  apple: ['Apple', 'A'],
  facebook: ['Facebook', 'F'],
  telegram: ['Telegram', 'TG'],
}
const titleOf = (provider: string | undefined) => providers[provider ?? '']?.[0] ?? provider ?? ''

/** The social row shows this many, and More (on the same row) the others, three to a row. */
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

/** The login after the click, and ConnectingSocial's body: loaded by the click, or when the view is shown. */
const connecting = lazy(() => import('./ConnectingSocial.tsx'))

/**
 * Starts a social login from the visitor's click: the popup opens first (a popup opened after an await is blocked),
 * then ConnectingSocial follows the login, which runs once its chunk is in.
 */
function logIn(client: LatchClient, provider: string, root: HTMLElement | undefined) {
  // Telegram allows no popup: the page itself goes to its login page.
  const popup = provider === 'telegram' ? null : openSocialPopup()
  const { router } = client
  const data = { social: provider, title: titleOf(provider) }
  if (router.store.getState().view === 'ConnectingSocial') router.replace('ConnectingSocial', data)
  else router.push('ConnectingSocial', data)
  connecting.load().then(
    (module) => module.run(client, provider, popup, root),
    () => {
      popup?.close()
      client.snack.show('error', 'Social login could not be loaded')
    },
  )
}

const modalOf = (element: Element | null) => element?.closest<HTMLElement>('.latch-root') ?? undefined

/**
 * The Connect view's social logins under the e-mail field (SPEC §1's socials, in its order, the remembered one first;
 * SPEC §5's filter in Telegram's in-app browser): the first three with their names, the rest behind More.
 */
function SocialRow() {
  const client = useLatchClient()
  const [more, setMore] = useState(false)
  const [list, setList] = useState<OfferedSocial[]>()
  useEffect(() => {
    let live = true
    offeredSocials(client.options).then((offered) => {
      if (live)
        setList(
          socialsFor(
            offered,
            { userAgent: navigator.userAgent, telegram: 'TelegramWebviewProxy' in window },
            rememberedSocial(client.options.storage),
          ),
        )
    })
    return () => {
      live = false
    }
  }, [client])
  // Each with its mark and its name, behind More too (marks alone read as letters).
  const button = (provider: OfferedSocial) => (
    <button
      key={provider}
      type="button"
      className="latch-social"
      onClick={(event) =>
        // Farcaster signs in with a code its app scans, in the modal: no popup.
        provider === 'farcaster'
          ? client.router.push('ConnectingFarcaster')
          : logIn(client, provider, modalOf(event.currentTarget))
      }
    >
      <Mark provider={provider} />
      {titleOf(provider)}
    </button>
  )
  // Its place is kept while the server says which are offered; none offered, none shown.
  if (!list) return <div className="latch-socials" />
  if (!list.length) return null
  return (
    <fieldset className="latch-socials" data-more={more || undefined}>
      <legend className="latch-visually-hidden">Log in with</legend>
      {list.slice(0, NAMED).map(button)}
      {list.length > NAMED &&
        (more ? (
          list.slice(NAMED).map(button)
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

/** ConnectingSocial, its body from the login's chunk; Try again logs in anew from the click. */
function ConnectingSocial() {
  const client = useLatchClient()
  const provider = useStore(client.router.store, whole).data.social ?? ''
  const loaded = useAsync(connecting.load, connecting, connecting.get)
  const again = (event: { currentTarget: Element }) => logIn(client, provider, modalOf(event.currentTarget))
  if (loaded?.status !== 'ready')
    return loaded?.status === 'failed' ? (
      <button type="button" className="latch-button" onClick={again}>
        Try again
      </button>
    ) : null
  const View = loaded.value.default
  return <View title={titleOf(provider)} mark={<Mark provider={provider} />} retry={again} />
}

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

/**
 * The social logins' part of the modal, one chunk: the Connect view's row, ConnectingSocial (its body and the login
 * itself are the click's chunk, ConnectingSocial.tsx; ConnectingFarcaster is a chunk of its own), and Account's line.
 */
export default function SocialLogin() {
  const client = useLatchClient()
  const { view } = useStore(client.router.store, whole)
  if (view === 'Account') return <SocialAccount />
  return view === 'ConnectingSocial' ? <ConnectingSocial /> : <SocialRow />
}
