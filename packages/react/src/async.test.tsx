// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useAsync } from './async.tsx'

afterEach(cleanup)

/** Shows what `useAsync` gives for a name: its greeting, 'loading', or the error with a retry button. */
function Greeting({ name, load }: { name: string; load: (name: string) => Promise<string> }) {
  const state = useAsync(() => load(name), name)
  if (state?.status === 'ready') return <p>{state.value}</p>
  if (state?.status === 'failed')
    return (
      <button type="button" onClick={state.retry}>
        {String(state.error)}
      </button>
    )
  return <p>loading</p>
}

/** `useAsync` with a peek that has a value already: 'off' when there is nothing to load. */
function Peeked({ load }: { load: (() => Promise<string>) | false }) {
  const state = useAsync(load, 'key', () => 'already here')
  if (!state) return <p>off</p>
  return <p>{state.status === 'ready' ? state.value : state.status}</p>
}

/** A loader whose answers the test gives by hand, in any order. */
function manual() {
  const pending = new Map<string, { resolve(value: string): void; reject(error: unknown): void }>()
  let calls = 0
  return {
    load: (name: string) =>
      new Promise<string>((resolve, reject) => {
        calls++
        pending.set(name, { resolve, reject })
      }),
    answer: (name: string, value: string) => act(async () => pending.get(name)?.resolve(value)),
    fail: (name: string, error: unknown) => act(async () => pending.get(name)?.reject(error)),
    calls: () => calls,
  }
}

describe('useAsync', () => {
  it('shows loading, then the value', async () => {
    const loader = manual()
    render(<Greeting name="alice" load={loader.load} />)
    expect(screen.getByText('loading')).toBeTruthy()
    await loader.answer('alice', 'hello alice')
    expect(screen.getByText('hello alice')).toBeTruthy()
  })

  it('a new key shows loading at once and never an earlier key’s late answer', async () => {
    const loader = manual()
    const { rerender } = render(<Greeting name="alice" load={loader.load} />)
    rerender(<Greeting name="bob" load={loader.load} />)
    expect(screen.getByText('loading')).toBeTruthy()
    await loader.answer('alice', 'hello alice')
    expect(screen.queryByText('hello alice')).toBeNull()
    await loader.answer('bob', 'hello bob')
    expect(screen.getByText('hello bob')).toBeTruthy()
  })

  it('a failure shows its error, and retry loads again', async () => {
    const loader = manual()
    render(<Greeting name="alice" load={loader.load} />)
    // Any value may be thrown, undefined included: it is still a failure.
    await loader.fail('alice', undefined)
    const retry = screen.getByRole('button', { name: 'undefined' })
    await act(async () => retry.click())
    expect(screen.getByText('loading')).toBeTruthy()
    expect(loader.calls()).toBe(2)
    await loader.answer('alice', 'hello again')
    expect(screen.getByText('hello again')).toBeTruthy()
  })

  it('an earlier key’s answer that arrives last does not replace the current one', async () => {
    const loader = manual()
    const { rerender } = render(<Greeting name="alice" load={loader.load} />)
    rerender(<Greeting name="bob" load={loader.load} />)
    await loader.answer('bob', 'hello bob')
    await loader.answer('alice', 'hello alice')
    expect(screen.getByText('hello bob')).toBeTruthy()
  })

  it('with peek, a value already there shows in the first commit and nothing loads', () => {
    let loads = 0
    const load = async () => {
      loads++
      return 'loaded'
    }
    render(<Peeked load={load} />)
    expect(screen.getByText('already here')).toBeTruthy()
    expect(loads).toBe(0)
  })

  it('without load there is nothing to show', () => {
    render(<Peeked load={false} />)
    expect(screen.getByText('off')).toBeTruthy()
  })
})
