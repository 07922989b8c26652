import { DEFAULT_NAME_ZONE, fullName, type HttpError, labelProblem } from '@latch/core'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useAsync } from '../../async.tsx'
import { useLatchClient } from '../../context.ts'
import { useAccount } from '../../hooks/useAccount.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import './RegisterName.css'

/** SPEC §5: typing waits at least 300 ms before asking the server, as wallet search does. */
const SUGGESTIONS_WAIT_MS = 300

type Registration =
  | { status: 'idle' }
  | { status: 'signing' | 'registering'; name: string }
  | { status: 'failed'; name: string; message: string }

/** What a failed registration tells the visitor: declined, the server's reason, or SPEC §8's fallback. */
function registrationMessage(error: unknown): string {
  // The client's errors carry the wallet's EIP-1193 code; 4001 is the visitor declining. (By code, so this view
  // does not load the error table the wallet-facing code uses.)
  if ((error as { code?: unknown } | null)?.code === 4001) return 'Signature declined'
  const reason = (error as Partial<HttpError> | null)?.reason
  return typeof reason === 'string' ? reason : 'Something went wrong'
}

/**
 * Choose a name: type a label, see whether it is free and a few free alternatives, sign the
 * registration message with the wallet, and the name becomes the account's profile name everywhere.
 */
export default function RegisterNameView() {
  const client = useLatchClient()
  const { address } = useAccount()
  const { caipNetworkId } = useNetwork()
  const inputId = useId()
  const hintId = useId()
  const [text, setText] = useState('')
  const [registration, setRegistration] = useState<Registration>({ status: 'idle' })
  // The label asked about: the one typed, once typing has paused for SUGGESTIONS_WAIT_MS. A new object each time,
  // so a label typed again after the box held something else is asked again (its earlier answer may be stale).
  const [asked, setAsked] = useState({ label: '' })
  const label = text.trim().toLowerCase()
  const problem = label ? labelProblem(label) : undefined
  const valid = label !== '' && !problem

  useEffect(() => {
    if (!valid) return
    const timer = setTimeout(() => setAsked({ label }), SUGGESTIONS_WAIT_MS)
    return () => clearTimeout(timer)
  }, [label, valid])

  const lookup = useAsync(
    valid &&
      asked.label === label &&
      (async () => {
        const api = await client.api()
        const queries = await api.account()
        return api.queryClient.fetchQuery(queries.nameSuggestionsQuery(label))
      }),
    asked,
  )

  const register = async (name: string) => {
    if (!address) return
    setRegistration({ status: 'signing', name })
    try {
      const queries = await (await client.api()).account()
      await queries.registerName({
        name,
        address,
        chainId: caipNetworkId,
        signMessage: async (message) => {
          const signature = await client.signMessage(message)
          setRegistration({ status: 'registering', name })
          return signature
        },
      })
      await client.refreshIdentity({ force: true })
      client.snack.show('success', `${name} is yours`)
      client.back()
    } catch (error) {
      setRegistration({ status: 'failed', name, message: registrationMessage(error) })
    }
  }

  const busy = registration.status === 'signing' || registration.status === 'registering'
  const suggestions = lookup?.status === 'ready' ? lookup.value : []
  const requested = suggestions[0]
  const available = requested && !requested.registered ? requested.name : undefined
  const alternatives = suggestions.slice(1).filter((s) => !s.registered)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (available && !busy) void register(available)
  }

  let hint: string
  if (problem) hint = problem
  else if (!label) hint = `Your name in ${DEFAULT_NAME_ZONE}, shown instead of your address.`
  else if (lookup?.status === 'ready')
    hint = available ? `${available} is available` : `${fullName(label)} is taken`
  else if (lookup?.status === 'failed') hint = 'Could not check this name'
  else hint = 'Checking…'

  return (
    <form className="latch-view latch-register-name" onSubmit={onSubmit}>
      <label className="latch-strong" htmlFor={inputId}>
        Name
      </label>
      <div className="latch-name-input">
        <input
          id={inputId}
          className="latch-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={hintId}
          aria-invalid={problem ? true : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          disabled={busy}
        />
        <span className="latch-muted" aria-hidden="true">
          .{DEFAULT_NAME_ZONE}
        </span>
      </div>
      <p id={hintId} className="latch-muted" aria-live="polite" data-available={available ? true : undefined}>
        {hint}
      </p>
      {lookup?.status === 'failed' && (
        <button type="button" className="latch-button latch-button-secondary" onClick={lookup.retry}>
          Try again
        </button>
      )}
      {alternatives.length > 0 && (
        <ul className="latch-list" aria-label="Other names">
          {alternatives.map((suggestion) => (
            <li key={suggestion.name}>
              <button
                type="button"
                className="latch-row"
                disabled={busy}
                onClick={() => setText(suggestion.name.slice(0, -DEFAULT_NAME_ZONE.length - 1))}
              >
                <span className="latch-row-label latch-clip" title={suggestion.name}>
                  {suggestion.name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {registration.status === 'failed' && (
        <p className="latch-error-text" role="alert">
          {registration.message}
        </p>
      )}
      <button type="submit" className="latch-button" disabled={!available || busy}>
        {registration.status === 'signing'
          ? 'Sign the message in your wallet…'
          : registration.status === 'registering'
            ? 'Registering…'
            : registration.status === 'failed'
              ? 'Try again'
              : 'Register'}
      </button>
    </form>
  )
}
