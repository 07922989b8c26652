// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createChunk } from './chunk.ts'
import { useAsync } from './hooks/useAsync.ts'
import { ChunkContent } from './modal/ChunkContent.tsx'

const Hello = () => <p>Hello view</p>

function Show({ chunk }: { chunk: ReturnType<typeof createChunk> }) {
  return <ChunkContent state={useAsync(chunk.load, chunk, chunk.get)} />
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
