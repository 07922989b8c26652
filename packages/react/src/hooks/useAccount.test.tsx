// @vitest-environment happy-dom
import type { ConnectResult } from '@latch/core'
import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  ADDRESS_A,
  ADDRESS_B,
  createWallets,
  deferred,
  devnetA,
  devnetB,
  flush,
  renderHookWithClient,
  solanaDevnet,
} from '../../test/renderWithClient.tsx'
import { useAccount } from './useAccount.ts'

describe('useAccount', () => {
  it('is disconnected, without an address, before any wallet connects', async () => {
    const { result } = await renderHookWithClient(useAccount)

    expect(result.current).toMatchObject({
      isConnected: false,
      connectionStatus: 'disconnected',
      address: undefined,
      balance: undefined,
    })
  })

  it('re-renders with the account, floored balance and CAIP address once connected', async () => {
    const { result, connect } = await renderHookWithClient(useAccount)

    await connect()

    expect(result.current).toMatchObject({
      isConnected: true,
      connectionStatus: 'connected',
      address: ADDRESS_A,
      caipAddress: `eip155:31337:${ADDRESS_A}`,
      allAccounts: [ADDRESS_A],
      balance: '1.999',
      balanceSymbol: 'ETH',
      balanceStatus: 'ready',
    })
  })

  it('is connecting while a returning visitor is reconnected', async () => {
    const fake = createWallets()
    const reconnect = deferred<ConnectResult | undefined>()
    fake.answer('reconnect', 'io.metamask', reconnect.answer)

    const { result } = await renderHookWithClient(useAccount, { fake, storedConnection: 'io.metamask' })

    expect(result.current).toMatchObject({ connectionStatus: 'connecting', isConnected: false })
    await act(async () => {
      reconnect.resolve({ accounts: [ADDRESS_A], chainId: 31337 })
      await flush()
    })
    await waitFor(
      () => expect(result.current).toMatchObject({ connectionStatus: 'connected', address: ADDRESS_A }),
      {
        timeout: 5000,
      },
    )
  })

  it('follows the wallet when it changes accounts', async () => {
    const { result, fake, connect } = await renderHookWithClient(useAccount)
    await connect()

    await act(async () => {
      fake.emit('io.metamask', { type: 'accountsChanged', accounts: [ADDRESS_B, ADDRESS_A] })
      await flush()
    })

    expect(result.current.address).toBe(ADDRESS_B)
    expect(result.current.allAccounts).toEqual([ADDRESS_B, ADDRESS_A])
  })

  it('reads the account of the active namespace', async () => {
    const { result, client, connect } = await renderHookWithClient(useAccount, {
      networks: [devnetA, devnetB, solanaDevnet],
    })
    await connect()

    await act(() => client.switchNetwork(solanaDevnet))

    expect(result.current).toMatchObject({ address: undefined, isConnected: false })
    await act(() => client.switchNetwork(devnetA))
    expect(result.current).toMatchObject({ address: ADDRESS_A, isConnected: true })
  })
})
