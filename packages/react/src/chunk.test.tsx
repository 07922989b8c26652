// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ChunkSlot } from './async.tsx'
import { type Chunk, createChunk } from './chunk.ts'

const Hello = () => <p>Hello view</p>
/** A part that wraps what it is given, as the legal checkbox wraps the wallet list. */
const Wrap = ({ children }: { children?: ReactNode }) => <section aria-label="wrapped">{children}</section>

/** A chunk in a slot as the modal shows a view: a status while it loads, a message and retry if it fails. */
function Show({ chunk }: { chunk: Chunk }) {
  return (
    <ChunkSlot
      chunk={chunk}
      loading={<p role="status">Loading</p>}
      failed={(retry) => (
        <>
          <p>This part of the modal could not be loaded.</p>
          <button type="button" onClick={retry}>
            Try again
          </button>
        </>
      )}
    />
  )
}

afterEach(cleanup)

describe('lazy chunks', () => {
  it('a chunk already loaded renders in the first commit, with no loading state', async () => {
    const chunk = createChunk(async () => ({ default: Hello }))
    await chunk.load()
    render(<Show chunk={chunk} />)
    expect(screen.getByText('Hello view')).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('shows loading, then the view once its chunk arrives', async () => {
    let arrive: (value: { default: typeof Hello }) => void = () => undefined
    const chunk = createChunk(() => new Promise((resolve) => (arrive = resolve)))
    render(<Show chunk={chunk} />)
    expect(screen.getByRole('status').textContent).toBe('Loading')
    await act(async () => arrive({ default: Hello }))
    expect(screen.getByText('Hello view')).toBeTruthy()
  })

  it('a failed chunk offers retry, and retry loads it again', async () => {
    let attempts = 0
    const chunk = createChunk(async () => {
      attempts++
      if (attempts === 1) throw new Error('chunk request failed')
      return { default: Hello }
    })
    render(<Show chunk={chunk} />)
    const retry = await screen.findByRole('button', { name: 'Try again' })
    expect(screen.getByText('This part of the modal could not be loaded.')).toBeTruthy()
    await act(async () => retry.click())
    expect(await screen.findByText('Hello view')).toBeTruthy()
    expect(attempts).toBe(2)
  })
})

describe('a chunk that arrives between render and effect', () => {
  it('still replaces the loading state', async () => {
    // The render sees no component; by the time effects run, the chunk has arrived.
    let reads = 0
    const chunk = {
      get: () => (reads++ === 0 ? undefined : Hello),
      load: async () => Hello,
    }
    render(<Show chunk={chunk} />)
    expect(await screen.findByText('Hello view')).toBeTruthy()
  })
})

describe('a chunk slot with the defaults', () => {
  it('shows nothing while loading, a Try again button on failure, and gives its children to the component', async () => {
    let attempts = 0
    const chunk = createChunk(async () => {
      attempts++
      if (attempts === 1) throw new Error('chunk request failed')
      return { default: Wrap }
    })
    const { container } = render(
      <ChunkSlot chunk={chunk}>
        <p>the wallets</p>
      </ChunkSlot>,
    )
    expect(container.textContent).toBe('')
    const retry = await screen.findByRole('button', { name: 'Try again' })
    await act(async () => retry.click())
    const wrapped = await screen.findByRole('region', { name: 'wrapped' })
    expect(wrapped.textContent).toBe('the wallets')
  })
})
