import type { ChunkState } from '../chunk.ts'
import { Spinner } from './Spinner.tsx'

/** A view's chunk: the view once loaded, a spinner while it loads, and a retry when it could not load. */
export function ChunkContent({ state }: { state: ChunkState | undefined }) {
  if (!state) return <p className="latch-muted latch-center-text">Not available yet.</p>
  if (state.status === 'ready') return <state.value />
  if (state.status === 'loading') return <Spinner label="Loading" />
  return (
    <div className="latch-view latch-connecting">
      <p className="latch-muted">This part of the modal could not be loaded.</p>
      <button type="button" className="latch-button latch-button-secondary" onClick={state.retry}>
        Try again
      </button>
    </div>
  )
}
