// @vitest-environment happy-dom
import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { findView, renderHookWithClient } from '../../test/renderWithClient.tsx'
import { useLatch } from './useLatch.ts'

describe('useLatch', () => {
  it('is closed at first', async () => {
    const { result } = await renderHookWithClient(useLatch)

    expect(result.current.isOpen).toBe(false)
  })

  it('opens the modal at the opening view and re-renders', async () => {
    const { result } = await renderHookWithClient(useLatch)

    await act(() => result.current.open())

    expect(result.current).toMatchObject({ isOpen: true, view: 'Connect' })
    expect(await findView('Connect Wallet')).toBeTruthy()
  })

  it('opens at a requested view and closes again', async () => {
    const { result } = await renderHookWithClient(useLatch)

    await act(() => result.current.open({ view: 'Networks' }))
    expect(result.current).toMatchObject({ isOpen: true, view: 'Networks' })
    expect(await findView('Choose Network')).toBeTruthy()

    act(() => result.current.close())
    expect(result.current.isOpen).toBe(false)
  })

  it('opens at Account once connected', async () => {
    const { result, connect } = await renderHookWithClient(useLatch)
    await connect()

    await act(() => result.current.open())

    expect(result.current.view).toBe('Account')
  })
})
