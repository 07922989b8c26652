import { useEffect, useState } from 'react'

/**
 * SPEC §8 'Token Balance Unavailable'. 'Try again' appears only from `retryAt` (SPEC §9: balance retry 30 s),
 * when a request may be sent again.
 */
export function Unavailable({ retryAt, retry, busy }: { retryAt: number; retry(): void; busy?: boolean }) {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const wait = retryAt - Date.now()
    if (wait <= 0) {
      setNow(Date.now())
      return
    }
    const timer = setTimeout(() => setNow(Date.now()), wait)
    return () => clearTimeout(timer)
  }, [retryAt])

  return (
    <div className="latch-failure" role="alert">
      <p className="latch-muted">Token Balance Unavailable</p>
      {now >= retryAt && (
        <button type="button" className="latch-button latch-button-secondary" onClick={retry} disabled={busy}>
          Try again
        </button>
      )}
    </div>
  )
}
