import { Icon } from '../components/Icon/Icon.tsx'
import { useLatchClient } from '../context.ts'
import { useStore, whole } from '../hooks/useStore.ts'

/** Loading / success / error messages (SPEC §4), announced politely to screen readers. */
export function Snackbar() {
  const client = useLatchClient()
  const { open, variant, message } = useStore(client.snack, whole)
  return (
    <div className="latch-snackbar-region" role="status" aria-live="polite">
      {open && (
        <div className="latch-snackbar" data-variant={variant}>
          {variant === 'loading' ? (
            <span className="latch-spinner latch-spinner-small" aria-hidden="true" />
          ) : (
            <Icon name={variant === 'success' ? 'check' : 'alert'} />
          )}
          <span>{message}</span>
        </div>
      )}
    </div>
  )
}
