import { BaseError, createStore, type EmailLoginState, type FrameSession, type FrameUser } from '@latch/core'
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react'
import { useAsync } from '../../async.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const CODE = /^\d{6}$/

/** Before the wallet's code is in: no account. */
const none = createStore<Pick<EmailLoginState, 'user'>>({ user: undefined })
const selectEmail = (state: Pick<EmailLoginState, 'user'>) => state.user?.email

/** EIP-1193's 4001: the visitor cancelled the frame's form. */
const cancelled = (error: unknown) => (error as { code?: unknown } | null)?.code === 4001
const messageOf = (error: unknown) =>
  error instanceof BaseError ? error.shortMessage : 'The wallet could not be reached'

/**
 * The e-mail account's rarer views, a chunk of their own (their styles are in Email.css, on the page already).
 *
 * UpdateEmail, titled Email Account: the account moves to another address (the frame has a code mailed to the
 * current address and one to the new; both, typed here, make the change: SPEC §7 update e-mail), or seals its
 * recovery share with a passphrase, typed in the frame's own form. Back leaves both unchanged.
 */
export default function EmailAccount({ unlock }: { unlock?: boolean | undefined }) {
  return unlock ? <Unlock /> : <UpdateEmail />
}

function UpdateEmail() {
  const client = useLatchClient()
  const loaded = useAsync(client.frame, client, client.loadedFrame)
  const session = loaded?.status === 'ready' ? loaded.value : undefined
  const current = useStore(session?.login ?? none, selectEmail)
  const [next, setNext] = useState<string>()
  const [email, setEmail] = useState('')
  const [codes, setCodes] = useState(['', ''])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const ids = [useId(), useId(), useId()]
  const errorId = useId()

  if (loaded?.status === 'failed')
    return (
      <div className="latch-view latch-code">
        <p className="latch-email-error latch-center-text" role="alert">
          E-mail login could not be loaded
        </p>
        <button type="button" className="latch-button" onClick={loaded.retry}>
          Try again
        </button>
      </div>
    )
  // The Account view that leads here has loaded it already.
  if (!session) return null

  /** One request to the frame: busy meanwhile, its refusal shown (the server's words: wrong, expired, used…). */
  const run = async (work: () => Promise<void>) => {
    if (busy) return
    setBusy(true)
    setError(undefined)
    try {
      await work()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (next === undefined) {
      const address = email.trim()
      if (!EMAIL.test(address)) return setError('Enter a valid e-mail address')
      if (address.toLowerCase() === current?.toLowerCase())
        return setError('This is the address the account has already')
      return run(async () => {
        await session.request('updateEmail', { email: address })
        setNext(address)
      })
    }
    const [primaryOtp = '', secondaryOtp = ''] = codes.map((code) => code.trim())
    if (!CODE.test(primaryOtp) || !CODE.test(secondaryOtp)) return setError('Enter both 6-digit codes')
    return run(async () => {
      await session.request('updateEmailVerify', { primaryOtp, secondaryOtp })
      await session.account()
      client.snack.show('success', 'Email updated')
      client.router.back()
    })
  }

  const sealRecovery = () =>
    run(async () => {
      try {
        await session.secure('setRecoveryPassphrase', { title: 'Recovery Passphrase' })
        client.snack.show('success', 'Recovery passphrase set')
      } catch (failure) {
        // This view was away meanwhile (ApproveTransaction showed the frame): the snackbar says it.
        if (!cancelled(failure)) client.snack.show('error', messageOf(failure))
      }
    })

  const described = error ? errorId : undefined
  const fields =
    next === undefined
      ? [{ label: 'New email', value: email, set: setEmail, type: 'email' as const }]
      : [current ?? 'your current address', next].map((address, index) => ({
          label: `Code sent to ${address}`,
          value: codes[index] ?? '',
          set: (value: string) => setCodes(codes.map((code, at) => (at === index ? value : code))),
          type: 'code' as const,
        }))
  return (
    <form className="latch-view" onSubmit={onSubmit} noValidate>
      <p className="latch-muted latch-center-text">
        {next === undefined ? (
          <>
            The account now signs in with <strong className="latch-email-address">{current}</strong>.
          </>
        ) : (
          'We sent a code to each address. Enter both to make the change.'
        )}
      </p>
      {fields.map((field, index) => (
        <div key={field.label} className="latch-email">
          <label className="latch-strong latch-email-address" htmlFor={ids[index]}>
            {field.label}
          </label>
          <div className="latch-search">
            <input
              id={ids[index]}
              {...(field.type === 'email'
                ? { type: 'email', autoComplete: 'email', maxLength: 254 }
                : { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 })}
              value={field.value}
              onChange={(event) => {
                field.set(event.target.value)
                setError(undefined)
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={described}
              disabled={busy}
            />
          </div>
        </div>
      ))}
      {error && (
        <p id={errorId} className="latch-email-error latch-center-text" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="latch-button" aria-busy={busy || undefined}>
        {busy ? 'Please wait…' : next === undefined ? 'Send codes' : 'Update email'}
      </button>
      {next === undefined && (
        <>
          <p className="latch-muted latch-center-text">
            A new device of yours gets your key back from the server, which keeps a share for it. Seal that
            share with a passphrase and a new device needs it instead.
          </p>
          <button
            type="button"
            className="latch-button latch-button-secondary"
            disabled={busy}
            onClick={sealRecovery}
          >
            Set a recovery passphrase
          </button>
        </>
      )}
    </form>
  )
}

/**
 * EmailVerify's last step on a device new to an account whose recovery share a passphrase seals: the frame, laid
 * over this view, takes the passphrase in its own form; then the account connects.
 */
function Unlock() {
  const client = useLatchClient()
  // EmailVerify, which shows this step, has loaded it.
  const session = client.loadedFrame() as FrameSession
  const slot = useRef<HTMLDivElement>(null)
  const [asking, setAsking] = useState(true)
  const [problem, setProblem] = useState<string>()

  useLayoutEffect(() => {
    const element = slot.current
    const root = element?.closest<HTMLElement>('.latch-root')
    if (!asking || !element || !root) return
    const leave = session.show(element, root)
    const connect = () => {
      const connector = client.connectors.getState().list.find((c) => c.type === 'AUTH')
      if (connector) client.connect(connector.id).catch(() => undefined)
    }
    // Asked once the effect has stuck: React's StrictMode runs an effect, its cleanup and the effect again at once,
    // and two asks would refuse each other. A refusal after the view has gone changes nothing here; a success
    // connects the account wherever the visitor is (the key is on this device then).
    let live = true
    queueMicrotask(() => {
      if (!live) return
      session.secure<FrameUser>('unlockRecovery', { inPlace: true }).then(
        (user) => {
          // The key is on this device now: EmailVerify shows the account connecting (or why it could not).
          session.login.setState({ step: 'email', error: undefined, user })
          connect()
        },
        (failure: unknown) => {
          if (!live) return
          setAsking(false)
          setProblem(cancelled(failure) ? 'This device needs your recovery passphrase' : messageOf(failure))
        },
      )
    })
    return () => {
      live = false
      leave()
    }
  }, [asking, session, client])

  if (asking) return <div ref={slot} className="latch-approve" />
  return (
    <div className="latch-view latch-code">
      <p className="latch-email-error latch-center-text" role="alert">
        {problem}
      </p>
      <button type="button" className="latch-button" onClick={() => setAsking(true)}>
        Enter passphrase
      </button>
    </div>
  )
}
