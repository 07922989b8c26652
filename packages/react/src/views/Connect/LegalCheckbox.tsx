import { createStore, type LatchClient, type Store } from '@latch/core'
import { type ReactNode, useId } from 'react'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

/** Agreed once, agreed while the page lives (the modal may close and open again); each client its own. */
const agreements = new WeakMap<LatchClient, Store<{ agreed: boolean }>>()
const agreementOf = (client: LatchClient) => {
  let agreement = agreements.get(client)
  if (!agreement) {
    agreement = createStore({ agreed: false as boolean })
    agreements.set(client, agreement)
  }
  return agreement
}
const selectAgreed = (state: { agreed: boolean }) => state.agreed

// Inline: a stylesheet of its own would make the Connect view ask for it through Vite's preload helper.
// The box and the links are 24 px high, a phone's smallest tap target.
const styles = {
  label: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: 8,
    lineHeight: '24px',
    fontSize: 'calc(var(--latch-font-size-master) * 1.3)',
    cursor: 'pointer',
  },
  input: { flex: 'none', width: 24, height: 24, margin: 0, accentColor: 'var(--latch-accent)' },
  link: { display: 'inline-block', color: 'var(--latch-accent)' },
  fieldset: { minWidth: 0, margin: 0, padding: 0, border: 0 },
} as const

const link = (href: string | undefined, text: string, newTabId: string) =>
  href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" style={styles.link} aria-describedby={newTabId}>
      {text}
    </a>
  ) : (
    text
  )

/**
 * SPEC §1's `legalCheckbox`: the app's terms of service and privacy policy (`termsConditionsUrl`,
 * `privacyPolicyUrl`) to agree to before any wallet can be chosen. The wallets (`children`) stay in view,
 * disabled, until the box is ticked.
 */
export default function LegalCheckbox({ children }: { children?: ReactNode }) {
  const client = useLatchClient()
  const agreement = agreementOf(client)
  const agreed = useStore(agreement, selectAgreed)
  const { termsConditionsUrl, privacyPolicyUrl } = client.options
  const termsId = useId()
  const newTabId = useId()
  return (
    <>
      <label className="latch-muted" style={styles.label}>
        <input
          style={styles.input}
          type="checkbox"
          checked={agreed}
          onChange={(event) => agreement.setState({ agreed: event.target.checked })}
        />
        <span id={termsId}>
          I agree to the {link(termsConditionsUrl, 'Terms of Service', newTabId)} and{' '}
          {link(privacyPolicyUrl, 'Privacy Policy', newTabId)}
        </span>
      </label>
      <span id={newTabId} hidden>
        Opens in a new tab
      </span>
      {/* Until the box is ticked, the wallets say why they cannot be chosen. */}
      <fieldset style={styles.fieldset} disabled={!agreed} aria-describedby={agreed ? undefined : termsId}>
        {children}
      </fieldset>
    </>
  )
}
