// @vitest-environment happy-dom
import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderHookWithClient } from '../../test/renderWithClient.tsx'
import { useAccount } from './useAccount.ts'
import { useDisconnect } from './useDisconnect.ts'

const useDisconnectAndAccount = () => ({ ...useDisconnect(), account: useAccount() })

describe('useDisconnect', () => {
  it('disconnects the wallet and the app re-renders disconnected', async () => {
    const { result, fake, connect } = await renderHookWithClient(useDisconnectAndAccount)
    await connect()
    expect(result.current.account.isConnected).toBe(true)

    await act(() => result.current.disconnect())

    expect(fake.callsTo('disconnect')).toEqual([{ connectorId: 'io.metamask' }])
    expect(result.current.account).toMatchObject({
      isConnected: false,
      connectionStatus: 'disconnected',
      address: undefined,
    })
  })
})
