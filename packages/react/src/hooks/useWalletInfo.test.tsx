// @vitest-environment happy-dom
import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderHookWithClient } from '../../test/renderWithClient.tsx'
import { useWalletInfo } from './useWalletInfo.ts'

describe('useWalletInfo', () => {
  it("gives the connected wallet's name and icon, and nothing once it disconnects", async () => {
    const { result, client, connect } = await renderHookWithClient(useWalletInfo)
    expect(result.current.walletInfo).toBeUndefined()

    await connect('io.rabby')
    expect(result.current.walletInfo).toEqual({ name: 'Rabby', icon: 'https://img.test/io.rabby.png' })

    await act(() => client.disconnect())
    expect(result.current.walletInfo).toBeUndefined()
  })
})
