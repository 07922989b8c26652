// @vitest-environment happy-dom
import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  ADDRESS_A,
  createWallets,
  devnetA,
  devnetB,
  renderHookWithClient,
  resolves,
} from '../../test/renderWithClient.tsx'
import { useNetwork } from './useNetwork.ts'

describe('useNetwork', () => {
  it("gives the active network and the app's networks", async () => {
    const { result } = await renderHookWithClient(useNetwork)

    expect(result.current).toMatchObject({
      network: devnetA,
      caipNetworkId: 'eip155:31337',
      chainId: 31337,
      networks: [devnetA, devnetB],
      isUnsupported: false,
    })
  })

  it('starts on defaultNetwork when one is given', async () => {
    const { result } = await renderHookWithClient(useNetwork, { defaultNetwork: devnetB })

    expect(result.current.network).toBe(devnetB)
  })

  it('switches the network and re-renders', async () => {
    const { result, fake, connect } = await renderHookWithClient(useNetwork)
    await connect()

    await act(() => result.current.switchNetwork(devnetB))

    expect(fake.callsTo('switchNetwork')).toEqual([{ connectorId: 'io.metamask', network: devnetB }])
    expect(result.current).toMatchObject({ network: devnetB, chainId: 31338, caipNetworkId: 'eip155:31338' })
  })

  it('says when the wallet is on a chain the app does not configure', async () => {
    const fake = createWallets()
    fake.answer('connect', '*', resolves({ accounts: [ADDRESS_A], chainId: 1 }))
    const { result, connect } = await renderHookWithClient(useNetwork, { fake, allowUnsupportedChain: true })

    await connect()

    expect(result.current.isUnsupported).toBe(true)
  })
})
