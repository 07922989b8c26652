// @vitest-environment happy-dom
import { ChainNotConfiguredError, UserRejectedRequestError } from '@latch/core'
import { afterEach, describe, expect, it } from 'vitest'
import { createCleanup, createMockWallet, createTestAdapter, ProviderRpcError } from '../test/mockWallet.ts'
import { base, devnetB } from './networks.ts'

const cleanup = createCleanup()
afterEach(() => cleanup.run())

const networks = [base, devnetB]

function announced(parameters: Parameters<typeof createMockWallet>[0] = {}) {
  const wallet = createMockWallet({ authorised: true, ...parameters })
  cleanup.add(wallet.announce())
  return wallet
}

const rejectWith = (error: Error) => () => {
  throw error
}

describe('switchNetwork', () => {
  it('switches a wallet that knows the chain', async () => {
    const wallet = announced({ knownChainIds: [8453] })
    await createTestAdapter({}, networks).switchNetwork({ connectorId: wallet.info.rdns, network: base })
    expect(wallet.calls).toEqual([{ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }])
    expect(wallet.state.chainId).toBe(8453)
  })

  it('adds an unknown chain (4902), then switches to it', async () => {
    const wallet = announced()
    await createTestAdapter({}, networks).switchNetwork({ connectorId: wallet.info.rdns, network: base })
    expect(wallet.methods()).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(wallet.calls[1]?.params).toEqual([
      {
        chainId: '0x2105',
        chainName: 'Base',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['https://mainnet.base.org'],
        blockExplorerUrls: ['https://basescan.org'],
      },
    ])
    expect(wallet.state.chainId).toBe(8453)
  })

  it('leaves out blockExplorerUrls for a chain without an explorer', async () => {
    const wallet = announced()
    await createTestAdapter({}, networks).switchNetwork({ connectorId: wallet.info.rdns, network: devnetB })
    expect(wallet.calls[1]?.params[0]).not.toHaveProperty('blockExplorerUrls')
    expect(wallet.state.chainId).toBe(31338)
  })

  it('recognises 4902 nested in data.originalError (MetaMask mobile)', async () => {
    const wallet = announced()
    const nested = new ProviderRpcError(-32603, 'Internal error', {
      originalError: { code: 4902, message: 'Unrecognized chain ID' },
    })
    let first = true
    wallet.answer('wallet_switchEthereumChain', () => {
      if (first) {
        first = false
        throw nested
      }
      return null
    })
    await createTestAdapter({}, networks).switchNetwork({ connectorId: wallet.info.rdns, network: base })
    expect(wallet.methods()).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
  })

  it('recognises an unknown chain reported only in words (-32603 "Unrecognized chain ID")', async () => {
    const wallet = announced()
    wallet.answer('wallet_switchEthereumChain', (params) => {
      const known = wallet.methods().includes('wallet_addEthereumChain')
      if (!known) throw new ProviderRpcError(-32603, 'Unrecognized chain ID "0x2105".')
      wallet.state.chainId = Number.parseInt((params[0] as { chainId: string }).chainId, 16)
      return null
    })
    await createTestAdapter({}, networks).switchNetwork({ connectorId: wallet.info.rdns, network: base })
    expect(wallet.state.chainId).toBe(8453)
  })

  it('does not add the chain when the visitor declines the switch', async () => {
    const wallet = announced({
      knownChainIds: [8453],
      answers: { wallet_switchEthereumChain: rejectWith(new ProviderRpcError(4001, 'User rejected')) },
    })
    await expect(
      createTestAdapter({}, networks).switchNetwork({ connectorId: wallet.info.rdns, network: base }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(wallet.methods()).toEqual(['wallet_switchEthereumChain'])
  })

  it('stops when the visitor declines adding the chain', async () => {
    const wallet = announced({
      answers: { wallet_addEthereumChain: rejectWith(new ProviderRpcError(4001, 'User rejected')) },
    })
    await expect(
      createTestAdapter({}, networks).switchNetwork({ connectorId: wallet.info.rdns, network: base }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(wallet.methods()).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain'])
  })

  it('refuses a network the app did not configure, without asking the wallet', async () => {
    const wallet = announced()
    await expect(
      createTestAdapter({}, [devnetB]).switchNetwork({ connectorId: wallet.info.rdns, network: base }),
    ).rejects.toBeInstanceOf(ChainNotConfiguredError)
    expect(wallet.calls).toEqual([])
  })
})
