import { BaseError, createStore, type EmailLoginState } from '@latch/core'
import { type FormEvent, useId, useState } from 'react'
import { useAsync } from '../../async.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const CODE = /^\d{6}$/

/** Before the wallet's code is in: no account. */
const none = createStore<Pick<EmailLoginState, 'user'>>({ user: undefined })
const selectEmail = (state: Pick<EmailLoginState, 'user'>) => state.user?.email

/**
 * UpdateEmail (its styles are in Email.css, on the page already: the Account view's e-mail line brought it): the embedded wallet's account moves to another address. The frame has a code mailed to the current
 * address and one to the new; both, typed here, make the change (SPEC §7 update e-mail). Back leaves it unchanged.
 */
export default function UpdateEmail() {
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
      setError(failure instanceof BaseError ? failure.shortMessage : 'The wallet could not be reached')
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
    </form>
  )
}
