import {
  createStore,
  type EmailLoginState,
  type FrameSession,
  type LatchClient,
  lazy,
  type RouterState,
} from '@latch/core'
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { useAsync } from '../../async.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore, whole } from '../../hooks/useStore.ts'
import { Spinner } from '../../modal/Spinner.tsx'
import { ApproveTransaction, modalOf } from './ApproveTransaction.tsx'
import './Email.css'

/** UpdateEmail and the passphrase step, a chunk of their own: few visitors need them. */
const updateEmail = lazy(() => import('./UpdateEmail.tsx'))

const CODE_LENGTH = 6
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** What the login shows before the frame's code is in: a store of its own that never changes. */
const idle = createStore<EmailLoginState>({
  step: 'email',
  busy: false,
  email: undefined,
  resendAt: undefined,
  error: undefined,
  user: undefined,
})

/** The embedded wallet's session (its code only: the frame itself loads when `prepare` is called) and its login. */
function useFrameLogin(): [FrameSession | undefined, EmailLoginState, (() => void) | undefined] {
  const client = useLatchClient()
  const loaded = useAsync(client.frame, client, client.loadedFrame)
  const session = loaded?.status === 'ready' ? loaded.value : undefined
  // The code that did not load: its retry.
  const retry = loaded?.status === 'failed' ? loaded.retry : undefined
  return [session, useStore(session?.login ?? idle, whole), retry]
}

/**
 * Connects the e-mail account the frame has signed in (the AUTH connector's). Its failure lands in the connection
 * store, which EmailVerify shows with a retry.
 */
function connectAccount(client: LatchClient) {
  const connector = client.connectors.getState().list.find((c) => c.type === 'AUTH')
  if (connector) client.connect(connector.id).catch(() => undefined)
}

/**
 * The Connect view's e-mail field (SPEC §1 `features.email`): focusing or typing loads the frame; Continue mails a
 * code (or a new device's link) and opens EmailVerify.
 */
function EmailField() {
  const client = useLatchClient()
  // The wallet's code (the session; the frame comes with `prepare`) is asked for when the visitor first types, not
  // while the wallets below are being drawn; once loaded it stays, and the field shows the login's address again.
  const [session, setSession] = useState(client.loadedFrame)
  const state = useStore(session?.login ?? idle, whole)
  const [email, setEmail] = useState(state.email ?? '')
  /** What this field found wrong itself: the address, or the wallet's code that did not load. */
  const [problem, setProblem] = useState<string>()
  const formRef = useRef<HTMLFormElement>(null)
  const inputId = useId()
  const errorId = useId()
  const prepare = async () => {
    const loaded = session ?? (await client.frame?.())
    if (!loaded) return undefined
    setSession(loaded)
    loaded.prepare(modalOf(formRef.current))
    return loaded
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const address = email.trim()
    if (state.busy) return
    if (!EMAIL.test(address)) {
      setProblem('Enter a valid e-mail address')
      return
    }
    const session = await prepare().catch(() => undefined)
    if (!session) {
      setProblem('E-mail login could not be loaded')
      return
    }
    // EmailVerify follows as soon as the frame says what it waits for: the code, or the new device's link first.
    const stop = session.login.subscribe(() => {
      if (session.login.getState().step === 'email') return
      stop()
      if (client.router.store.getState().view === 'Connect') client.router.push('EmailVerify')
    })
    // Signed in at once (this device held that address's session): the account connects.
    if ((await session.sendCode(address).finally(stop)) && session.login.getState().user)
      connectAccount(client)
  }

  const message = problem ?? (state.step === 'email' && state.error?.message)
  return (
    <form ref={formRef} className="latch-email" onSubmit={onSubmit} noValidate>
      <label className="latch-visually-hidden" htmlFor={inputId}>
        Email
      </label>
      <div className="latch-search">
        <input
          id={inputId}
          type="email"
          autoComplete="email"
          placeholder="Email"
          value={email}
          onChange={(event) => {
            // Typing loads the frame (DESIGN.md rule 7: nothing before the visitor acts; a focus alone is not yet).
            prepare().catch(() => undefined)
            setEmail(event.target.value)
            setProblem(undefined)
          }}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          maxLength={254}
        />
        <button
          type="submit"
          className="latch-button"
          disabled={!email.trim()}
          aria-busy={state.busy || undefined}
        >
          {state.busy ? 'Sending…' : 'Continue'}
        </button>
      </div>
      {message && (
        <p id={errorId} className="latch-email-error" role="alert">
          {message}
        </p>
      )}
      <p className="latch-email-or" aria-hidden="true">
        or
      </p>
    </form>
  )
}

/** The seconds until `at`, counted down once a second. */
function useSecondsUntil(at: number | undefined): number {
  const [now, setNow] = useState(Date.now)
  const left = at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000))
  useEffect(() => {
    if (left === 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [left])
  return left
}

/** Six boxes for the mailed code: a digit each; a pasted or autofilled code fills them all. */
function CodeEntry({ session, state }: { session: FrameSession; state: EmailLoginState }) {
  const client = useLatchClient()
  const [digits, setDigits] = useState<string[]>(() => Array(CODE_LENGTH).fill(''))
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const promptId = useId()
  const errorId = useId()
  const wait = useSecondsUntil(state.resendAt)
  const reason = state.error?.reason
  // A login that cannot take a code any more: start again from the address.
  const over = reason === 'locked' || reason === 'expired' || reason === 'used' || reason === 'quota'

  // The first box takes the keyboard once the boxes take input (not while a code is being checked, or once the login
  // is over), unless the visitor has put the focus elsewhere.
  const closed = state.busy || over
  useEffect(() => {
    const active = document.activeElement
    if (!closed && (!active || active === document.body)) boxes.current[0]?.focus()
  }, [closed])

  const submit = async (code: string) => {
    if (await session.verify(code)) {
      connectAccount(client)
      return
    }
    client.modal.triggerShake()
    setDigits(Array(CODE_LENGTH).fill(''))
    boxes.current[0]?.focus()
  }

  /** Puts `text`'s digits from box `index` on, moves on, and checks the code once all six are there. */
  const fill = (index: number, text: string) => {
    const typed = text
      .replace(/\D/g, '')
      .slice(0, CODE_LENGTH - index)
      .split('')
    const next = [...digits]
    if (typed.length === 0) next[index] = ''
    typed.forEach((digit, offset) => {
      next[index + offset] = digit
    })
    setDigits(next)
    const after = Math.min(index + typed.length, CODE_LENGTH - 1)
    if (typed.length) boxes.current[after]?.focus()
    if (next.every(Boolean) && !state.busy) void submit(next.join(''))
  }
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) boxes.current[index - 1]?.focus()
  }
  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    fill(index, event.clipboardData.getData('text'))
  }

  return (
    <div className="latch-view latch-code">
      <p id={promptId} className="latch-center-text">
        Enter the code we sent to <strong className="latch-email-address">{state.email}</strong>
      </p>
      <p className="latch-muted latch-center-text">
        New device? Open the link in the e-mail first; the code follows.
      </p>
      <fieldset className="latch-code-boxes" aria-labelledby={promptId} disabled={closed}>
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are the code's positions
            key={index}
            ref={(box) => {
              boxes.current[index] = box
            }}
            className="latch-code-box"
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${CODE_LENGTH}`}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? errorId : undefined}
            value={digit}
            onChange={(event) => fill(index, event.target.value)}
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste(index)}
          />
        ))}
      </fieldset>
      {state.busy && <Spinner label="Checking the code" />}
      {state.error && (
        <p id={errorId} className="latch-email-error latch-center-text" role="alert">
          {state.error.message}
        </p>
      )}
      {over ? (
        <button type="button" className="latch-button" onClick={() => client.back()}>
          Start over
        </button>
      ) : (
        <button
          type="button"
          className="latch-button latch-button-secondary"
          disabled={wait > 0 || state.busy}
          onClick={() => void session.resend()}
        >
          {wait > 0 ? `Resend code in ${wait} s` : 'Resend code'}
        </button>
      )}
    </div>
  )
}

/** EmailVerify: the six boxes for the mailed code. Back leaves the login for a new address. */
function EmailVerify() {
  const client = useLatchClient()
  const [session, state, retry] = useFrameLogin()
  const connection = useStore(client.connection, whole)

  if (retry) return <Failed retry={retry} />
  if (!session) return <Spinner label="Loading" />
  // The code was right, but this new device needs the recovery passphrase (typed in the frame) to rebuild the key.
  if (state.error?.reason === 'passphrase') return <RareView unlock />
  if (state.step === 'code') return <CodeEntry session={session} state={state} />
  // Signed in: the account connects and the modal closes; if it could not, the reason and a retry.
  if (connection.status !== 'connecting' && connection.error)
    return <Failed message={connection.error.shortMessage} retry={() => connectAccount(client)} />
  if (connection.status === 'connecting' || state.user) return <Spinner label="Connecting" />
  // Nothing on its way (the login was left): no spinner, the way back.
  return (
    <div className="latch-view latch-code">
      <p className="latch-muted latch-center-text">This login has ended.</p>
      <button type="button" className="latch-button" onClick={() => client.back()}>
        Start over
      </button>
    </div>
  )
}

/** UpdateEmail, or with `unlock` the passphrase step, once their chunk is in; its failure with Try again. */
function RareView({ unlock }: { unlock?: boolean }) {
  const loaded = useAsync(updateEmail.load, updateEmail, updateEmail.get)
  if (loaded?.status === 'failed') return <Failed retry={loaded.retry} />
  if (loaded?.status !== 'ready') return <Spinner label="Loading" />
  return <loaded.value.default unlock={unlock} />
}

/** A step that did not happen: what went wrong (by default, the wallet's code did not load), and Try again. */
function Failed({
  message = 'E-mail login could not be loaded',
  retry,
}: {
  message?: string
  retry: () => void
}) {
  return (
    <div className="latch-view latch-code">
      <p className="latch-email-error latch-center-text" role="alert">
        {message}
      </p>
      <button type="button" className="latch-button" onClick={retry}>
        Try again
      </button>
    </div>
  )
}

const selectView = (state: RouterState) => state.view

/**
 * The embedded wallet's part of the modal, one chunk: around the Connect view's wallets (its `children`) the e-mail
 * field above them (not in basic mode, which offers WalletConnect only); the account's address on Account (and
 * UpdateEmail, to change it); the device and code steps on EmailVerify; the frame itself on ApproveTransaction.
 */
export default function EmbeddedWallet({ children }: { children?: ReactNode }) {
  const client = useLatchClient()
  const view = useStore(client.router.store, selectView)
  const { features, basic } = client.options
  if (children)
    return (
      <>
        {features.email && !basic && <EmailField />}
        {children}
      </>
    )
  if (view === 'Account') return <AccountEmail />
  if (view === 'UpdateEmail') return <RareView />
  return view === 'ApproveTransaction' ? <ApproveTransaction /> : <EmailVerify />
}

/** The Account view's line for the embedded wallet: the address it signs in with, and Update to change it. */
function AccountEmail() {
  const client = useLatchClient()
  // An e-mail login's account has its address (a social login's line is the social chunk's).
  const email = useFrameLogin()[1].user?.email as string | undefined
  return (
    <p className="latch-muted latch-account-email">
      <span className="latch-clip" title={email}>
        {email ?? '\u00a0'}
      </span>
      {email && (
        <button type="button" onClick={() => client.router.push('UpdateEmail')}>
          Manage
        </button>
      )}
    </p>
  )
}
