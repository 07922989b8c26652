// @vitest-environment happy-dom
import { createStore } from '@latch/core'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useStore } from './useStore.ts'

const selectCount = (s: { count: number; other: string }) => s.count

describe('useStore', () => {
  it('re-renders when its slice changes, and only then', () => {
    const store = createStore({ count: 0, other: 'a' })
    let renders = 0
    const { result } = renderHook(() => {
      renders++
      return useStore(store, selectCount)
    })
    expect(result.current).toBe(0)

    act(() => store.setState({ count: 1 }))
    expect(result.current).toBe(1)
    const rendersAfterChange = renders

    act(() => store.setState({ other: 'b' }))
    expect(renders).toBe(rendersAfterChange)
  })
})
