import { describe, expect, it } from 'vitest'
import {
  ADDRESS_A,
  connector,
  connectThrough,
  createFakeAdapter,
  createTestLatch,
  devnetA,
  devnetB,
  rejects,
  resolves,
  SOLANA_ADDRESS,
  solanaDevnet,
  type TestLatchOptions,
  unconfiguredNetwork,
} from '../test/fakeAdapter.ts'
import { ChainNotConfiguredError } from './errors/BaseError.ts'
import { UserRejectedRequestError } from './errors/rpc.ts'
import { initialSendState } from './state/send.ts'

const filledSendForm = { receiverAddress: ADDRESS_A, sendTokenAmount: '1', gasPrice: 7n }

describe('switching the active network resets the send form', () => {
  it('resets it when not connected', async () => {
    const { client } = createTestLatch()
    client.send.setState(filledSendForm)
    await client.switchNetwork(devnetB)
    expect(client.send.getState()).toEqual(initialSendState())
  })

  it('resets it when connected', async () => {
    const { client } = createTestLatch()
    await connectThrough(client)
    client.send.setState(filledSendForm)
    await client.switchNetwork(devnetB)
    expect(client.send.getState()).toEqual(initialSendState())
  })
})

describe('switching the active network can switch the active namespace', () => {
  it('makes solana active when switching to a solana network', async () => {
    const evm = createFakeAdapter()
    const solana = createFakeAdapter({ namespace: 'solana' })
    const { client } = createTestLatch(
      { networks: [devnetA, devnetB, solanaDevnet], adapters: [evm.factory, solana.factory] },
      evm,
    )
    await client.switchNetwork(solanaDevnet)
    expect(client.network.getState()).toMatchObject({
      activeNamespace: 'solana',
      activeNetwork: solanaDevnet,
    })

    await client.switchNetwork('eip155:31338')
    expect(client.network.getState()).toMatchObject({ activeNamespace: 'eip155', activeNetwork: devnetB })
  })

  it('shows the account of the namespace switched to', async () => {
    const evm = createFakeAdapter()
    const solana = createFakeAdapter({ namespace: 'solana' })
    const { client } = createTestLatch(
      { networks: [devnetA, devnetB, solanaDevnet], adapters: [evm.factory, solana.factory] },
      evm,
    )
    await connectThrough(client)
    await client.switchNetwork(solanaDevnet)
    expect(client.getAccount().address).toBeUndefined()
    expect(solana.calls).toEqual([])
    expect(evm.callsTo('switchNetwork')).toEqual([])
  })
})

describe('switching networks asks the wallet when connected', () => {
  it('calls the adapter and moves account and balance to the new network', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.answer('getBalance', '*', resolves({ value: 25n * 10n ** 17n, decimals: 18, symbol: 'BETH' }))

    await client.switchNetwork(devnetB)

    expect(fake.callsTo('switchNetwork')).toEqual([{ connectorId: 'wallet.a', network: devnetB }])
    expect(client.network.getState().activeNetwork).toBe(devnetB)
    expect(client.getAccount()).toMatchObject({
      caipAddress: `eip155:31338:${ADDRESS_A}`,
      addressExplorerUrl: undefined,
      balance: '2.5',
      balanceSymbol: 'BETH',
    })
  })

  it('does not call the adapter when not connected', async () => {
    const { client, fake } = createTestLatch()
    await client.switchNetwork(devnetB)
    expect(fake.loads).toHaveLength(0)
    expect(client.network.getState().activeNetwork).toBe(devnetB)
  })

  it('keeps the network and shows the error when the wallet refuses', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.answer('switchNetwork', 'wallet.a', rejects({ code: 4001 }))

    await expect(client.switchNetwork(devnetB)).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(client.network.getState().activeNetwork).toBe(devnetA)
    expect(client.snack.getState()).toMatchObject({
      open: true,
      variant: 'error',
      message: 'Request declined in the wallet',
    })
  })
})

describe('switching to a network not in options', () => {
  it('rejects with ChainNotConfiguredError and changes nothing', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    client.send.setState(filledSendForm)

    const error = await client.switchNetwork(unconfiguredNetwork).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainNotConfiguredError)
    expect((error as ChainNotConfiguredError).shortMessage).toBe('Chain not configured')
    await expect(client.switchNetwork('eip155:5')).rejects.toBeInstanceOf(ChainNotConfiguredError)

    expect(fake.callsTo('switchNetwork')).toEqual([])
    expect(client.network.getState().activeNetwork).toBe(devnetA)
    expect(client.send.getState().receiverAddress).toBe(ADDRESS_A)
  })
})

describe('an unsupported network opens UnsupportedChain', () => {
  it('opens the modal on UnsupportedChain when the wallet moves to an unconfigured chain', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.emit('wallet.a', { type: 'chainChanged', chainId: 1 })

    expect(client.modal.getState()).toMatchObject({ open: true, loading: false })
    expect(client.router.store.getState().view).toBe('UnsupportedChain')
    expect(client.network.getState().unsupportedChainId).toBe(1)
    expect(client.getAccount()).toMatchObject({
      caipAddress: `eip155:1:${ADDRESS_A}`,
      balance: undefined,
      balanceStatus: 'idle',
      addressExplorerUrl: undefined,
    })
  })

  it('opens UnsupportedChain when the wallet connects on an unconfigured chain, and stays open', async () => {
    const { client, fake } = createTestLatch()
    fake.answer('connect', 'wallet.a', resolves({ accounts: [ADDRESS_A], chainId: 1 }))
    await client.open()
    await connectThrough(client)
    expect(client.modal.getState().open).toBe(true)
    expect(client.router.store.getState().view).toBe('UnsupportedChain')
    expect(fake.callsTo('getBalance')).toEqual([])
  })

  const exemptions: Array<[string, TestLatchOptions]> = [
    ['network switching is off (enableNetworkSwitch: false)', { enableNetworkSwitch: false }],
    ['unsupported chains are allowed (allowUnsupportedChain: true)', { allowUnsupportedChain: true }],
    ['basic WalletConnect mode is on (basic: true)', { basic: true }],
  ]
  it.each(exemptions)('does not open it when %s', async (_, options) => {
    const { client, fake } = createTestLatch(options)
    await connectThrough(client)
    fake.emit('wallet.a', { type: 'chainChanged', chainId: 1 })

    expect(client.modal.getState().open).toBe(false)
    expect(client.router.store.getState().view).not.toBe('UnsupportedChain')
    expect(client.network.getState().unsupportedChainId).toBe(1)
  })

  it('leaves UnsupportedChain when the wallet moves back to a supported chain', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.emit('wallet.a', { type: 'chainChanged', chainId: 1 })
    fake.emit('wallet.a', { type: 'chainChanged', chainId: 31338 })

    expect(client.modal.getState().open).toBe(false)
    expect(client.network.getState()).toMatchObject({ unsupportedChainId: undefined, activeNetwork: devnetB })
    expect(client.getAccount().caipAddress).toBe(`eip155:31338:${ADDRESS_A}`)
  })

  it('leaves UnsupportedChain when the visitor switches to a supported network from it', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.emit('wallet.a', { type: 'chainChanged', chainId: 1 })

    await client.switchNetwork(devnetA)
    expect(fake.callsTo('switchNetwork')).toEqual([{ connectorId: 'wallet.a', network: devnetA }])
    expect(client.modal.getState().open).toBe(false)
    expect(client.network.getState().unsupportedChainId).toBeUndefined()
    expect(client.getAccount()).toMatchObject({ caipAddress: `eip155:31337:${ADDRESS_A}`, balance: '1.999' })

    await client.open()
    expect(client.router.store.getState().view).toBe('Account')
  })

  it('routes an embedded modal from UnsupportedChain to Account on a supported chain', async () => {
    const { client, fake } = createTestLatch({ embedded: true })
    await connectThrough(client)
    fake.emit('wallet.a', { type: 'chainChanged', chainId: 1 })
    expect(client.router.store.getState().view).toBe('UnsupportedChain')

    fake.emit('wallet.a', { type: 'chainChanged', chainId: 31337 })
    expect(client.modal.getState().open).toBe(true)
    expect(client.router.store.getState().view).toBe('Account')
  })
})

describe('one wallet in two namespaces (issue 21)', () => {
  /** The same browser wallet announced in both namespaces, as Phantom or the Latch Dev Wallet are. */
  function bothSides() {
    const evm = createFakeAdapter({ connectors: [connector('io.wallet', { name: 'Both Wallet' })] })
    const solana = createFakeAdapter({
      namespace: 'solana',
      connectors: [connector('solana:Both Wallet', { name: 'Both Wallet', chain: 'solana' })],
    })
    const latch = createTestLatch(
      { networks: [devnetA, devnetB, solanaDevnet], adapters: [evm.factory, solana.factory] },
      evm,
    )
    return { ...latch, evm, solana }
  }

  it('switching to a network of the other namespace connects the wallet’s side there, then back without asking', async () => {
    const { client, solana, evm } = bothSides()
    await client.getAdapter('solana')
    await connectThrough(client, 'io.wallet')

    await client.switchNetwork(solanaDevnet)
    expect(solana.callsTo('connect')).toEqual([
      expect.objectContaining({ connectorId: 'solana:Both Wallet', network: solanaDevnet }),
    ])
    expect(client.network.getState()).toMatchObject({
      activeNamespace: 'solana',
      activeNetwork: solanaDevnet,
    })
    expect(client.getAccount().address).toBe(SOLANA_ADDRESS)
    expect(Object.keys(client.connection.getState().connections).sort()).toEqual(['eip155', 'solana'])

    await client.switchNetwork(devnetA)
    expect(client.network.getState()).toMatchObject({ activeNamespace: 'eip155', activeNetwork: devnetA })
    expect(client.getAccount().address).toBe(ADDRESS_A)
    expect(evm.callsTo('connect')).toHaveLength(1)
    expect(solana.callsTo('connect')).toHaveLength(1)
  })

  it('a declined connection of the other side leaves the network as it was and says so', async () => {
    const { client, solana } = bothSides()
    await client.getAdapter('solana')
    await connectThrough(client, 'io.wallet')
    solana.answer('connect', '*', rejects(new UserRejectedRequestError()))

    await expect(client.switchNetwork(solanaDevnet)).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(client.network.getState()).toMatchObject({ activeNamespace: 'eip155', activeNetwork: devnetA })
    expect(client.snack.getState()).toMatchObject({
      variant: 'error',
      message: 'Request declined in the wallet',
    })
    expect(Object.keys(client.connection.getState().connections)).toEqual(['eip155'])
  })

  it('another wallet’s connector in that namespace is not connected: only the network changes', async () => {
    const evm = createFakeAdapter({ connectors: [connector('io.wallet', { name: 'EVM Only' })] })
    const solana = createFakeAdapter({
      namespace: 'solana',
      connectors: [connector('solana:Other', { name: 'Other', chain: 'solana' })],
    })
    const { client } = createTestLatch(
      { networks: [devnetA, solanaDevnet], adapters: [evm.factory, solana.factory] },
      evm,
    )
    await client.getAdapter('solana')
    await connectThrough(client, 'io.wallet')
    await client.switchNetwork(solanaDevnet)
    expect(solana.callsTo('connect')).toEqual([])
    expect(client.network.getState().activeNamespace).toBe('solana')
    expect(client.getAccount().address).toBeUndefined()
  })

  it('a chain change of the namespace in the background moves its CAIP address, not the active network', async () => {
    const { client, evm } = bothSides()
    await client.getAdapter('solana')
    await connectThrough(client, 'io.wallet')
    await client.switchNetwork(solanaDevnet)

    evm.emit('io.wallet', { type: 'chainChanged', chainId: 31338 })
    expect(client.network.getState()).toMatchObject({
      activeNamespace: 'solana',
      activeNetwork: solanaDevnet,
    })
    expect(client.accounts.get('eip155').caipAddress).toBe(`eip155:31338:${ADDRESS_A}`)
    await client.switchNetwork(devnetB)
    expect(client.getAccount().caipAddress).toBe(`eip155:31338:${ADDRESS_A}`)
  })

  it('disconnecting the active side in the wallet leaves the other side active, on its network', async () => {
    const { client, solana } = bothSides()
    await client.getAdapter('solana')
    await connectThrough(client, 'io.wallet')
    await client.switchNetwork(solanaDevnet)

    solana.emit('solana:Both Wallet', { type: 'disconnect' })
    expect(client.network.getState()).toMatchObject({ activeNamespace: 'eip155', activeNetwork: devnetA })
    expect(client.getAccount().address).toBe(ADDRESS_A)
    expect(client.connection.getState().status).toBe('connected')
  })
})
