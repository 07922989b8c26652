/** What a visitor may read of an error: a Latch error's short message (e.g. 'HTTP status code: 500'). */
export function errorMessage(error: unknown): string {
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage
  return typeof short === 'string' ? short : 'Something went wrong.'
}

/** A request that failed: its message and 'Try again' (DESIGN.md rule 8). */
export function Failure({ error, retry }: { error: unknown; retry(): void }) {
  return (
    <div className="latch-failure" role="alert">
      <p className="latch-muted">{errorMessage(error)}</p>
      <button type="button" className="latch-button latch-button-secondary" onClick={retry}>
        Try again
      </button>
    </div>
  )
}
