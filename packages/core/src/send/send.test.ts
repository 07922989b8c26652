import { describe, expect, it } from 'vitest'
import {
  ADDRESS_A,
  ADDRESS_B,
  connector,
  connectThrough,
  createFakeAdapter,
  createTestLatch,
  rejects,
  resolves,
  SOLANA_ADDRESS,
} from '../../test/fakeAdapter.ts'
import type { TokenBalance } from '../api/types.ts'
import { ChainNotConfiguredError } from '../errors/BaseError.ts'
import { UserRejectedRequestError } from '../errors/rpc.ts'
import { parseAmount } from '../format/format.ts'
import { initialSendState, type SendState } from '../state/send.ts'
import {
  GasPriceUnsupportedError,
  hasInsufficientGas,
  hasSendValues,
  isSmartAccountInUse,
  prepareSend,
  type SendCheckContext,
  sendProblem,
  sendTokens,
  tokenContract,
} from './send.ts'

const LUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  iconUrl: '',
  quantity: { decimals: '18', numeric: '2' },
}
const lusd: TokenBalance = {
  name: 'Latch USD',
  symbol: 'LUSD',
  chainId: 'eip155:31337',
  address: `eip155:31337:${LUSD}`,
  iconUrl: '',
  quantity: { decimals: '6', numeric: '100.5' },
}
const gwei = 1_000_000_000n

const form = (overrides: Partial<SendState>): SendState => ({ ...initialSendState(), ...overrides })
const context = (overrides: Partial<SendCheckContext> = {}): SendCheckContext => ({
  namespace: 'eip155',
  nativeSymbol: 'ETH',
  nativeBalance: 2n * 10n ** 18n,
  fee: 21_000n * gwei,
  smartAccount: false,
  ...overrides,
})

describe('parseAmount: what the visitor typed, in base units', () => {
  it('reads whole and fractional amounts exactly, a comma as a decimal point too', () => {
    expect(parseAmount('1.5', 6)).toBe(1_500_000n)
    expect(parseAmount('1,5', 6)).toBe(1_500_000n)
    expect(parseAmount('.25', 2)).toBe(25n)
    expect(parseAmount('3', 0)).toBe(3n)
    expect(parseAmount(' 0.000001 ', 6)).toBe(1n)
    expect(parseAmount('123456789.123456789123456789', 18)).toBe(123456789123456789123456789n)
  })

  it('refuses more decimals than the token has, negatives, words and empty text', () => {
    expect(parseAmount('0.0000001', 6)).toBeUndefined()
    expect(parseAmount('-1', 18)).toBeUndefined()
    expect(parseAmount('1e3', 18)).toBeUndefined()
    expect(parseAmount('one', 18)).toBeUndefined()
    expect(parseAmount('.', 18)).toBeUndefined()
    expect(parseAmount('', 18)).toBeUndefined()
    expect(parseAmount(undefined, 18)).toBeUndefined()
  })
})

describe('SPEC §5: what a send needs', () => {
  it('a token: its address, an amount and a receiver (no gas price needed yet)', () => {
    expect(
      hasSendValues(form({ token: lusd, sendTokenAmount: '1', receiverAddress: ADDRESS_B }), 'eip155'),
    ).toBe(true)
    expect(hasSendValues(form({ token: lusd, sendTokenAmount: '1' }), 'eip155')).toBe(false)
    expect(hasSendValues(form({ token: lusd, receiverAddress: ADDRESS_B }), 'eip155')).toBe(false)
    expect(hasSendValues(form({ sendTokenAmount: '1', receiverAddress: ADDRESS_B }), 'eip155')).toBe(false)
  })

  it('the network coin: receiver, amount, gas price and decimals', () => {
    const coin = form({ token: eth, sendTokenAmount: '1', receiverAddress: ADDRESS_B })
    expect(hasSendValues(coin, 'eip155')).toBe(false)
    expect(hasSendValues({ ...coin, gasPrice: gwei }, 'eip155')).toBe(true)
    const noDecimals = { ...eth, quantity: { decimals: '', numeric: '2' } }
    expect(hasSendValues({ ...coin, token: noDecimals, gasPrice: gwei }, 'eip155')).toBe(false)
  })

  it('the token contract is the plain address of its CAIP-10 id; the coin has none', () => {
    expect(tokenContract(lusd)).toBe(LUSD)
    expect(tokenContract({ ...lusd, address: LUSD })).toBe(LUSD)
    expect(tokenContract(eth)).toBeUndefined()
  })
})

describe('SPEC §5 gas check', () => {
  it('passes for a smart account whatever its balance', () => {
    expect(hasInsufficientGas({ smartAccount: true, nativeBalance: 0n, gasCost: 10n })).toBe(false)
  })

  it('fails on a zero balance, even for a zero cost', () => {
    expect(hasInsufficientGas({ smartAccount: false, nativeBalance: 0n, gasCost: 0n })).toBe(true)
  })

  it('fails below the cost and passes at or above it', () => {
    expect(hasInsufficientGas({ smartAccount: false, nativeBalance: 9n, gasCost: 10n })).toBe(true)
    expect(hasInsufficientGas({ smartAccount: false, nativeBalance: 10n, gasCost: 10n })).toBe(false)
  })
})

describe('sendProblem: what the button says, in the order a visitor fixes it', () => {
  it('token, amount, funds, receiver, then a valid receiver', () => {
    expect(sendProblem(form({}), context())).toBe('Select Token')
    expect(sendProblem(form({ token: lusd }), context())).toBe('Add Amount')
    expect(sendProblem(form({ token: lusd, sendTokenAmount: '0' }), context())).toBe('Add Amount')
    expect(sendProblem(form({ token: lusd, sendTokenAmount: '1.0000001' }), context())).toBe('Invalid Amount')
    expect(sendProblem(form({ token: lusd, sendTokenAmount: '100.500001' }), context())).toBe(
      'Insufficient Funds',
    )
    expect(sendProblem(form({ token: lusd, sendTokenAmount: '100.5' }), context())).toBe('Add Address')
    expect(sendProblem(form({ token: lusd, sendTokenAmount: '1', receiverAddress: '0x12' }), context())).toBe(
      'Invalid Address',
    )
    expect(
      sendProblem(form({ token: lusd, sendTokenAmount: '1', receiverAddress: ADDRESS_B }), context()),
    ).toBe(undefined)
  })

  it('on Solana, a missing or unreadable amount or a missing receiver says SPEC §5’s message; a bad address is refused', () => {
    const solana = context({ namespace: 'solana' })
    const message = 'Please enter a valid amount and receiver address'
    expect(sendProblem(form({ token: lusd }), solana)).toBe(message)
    expect(sendProblem(form({ token: lusd, sendTokenAmount: '0' }), solana)).toBe(message)
    expect(sendProblem(form({ token: lusd, sendTokenAmount: 'one' }), solana)).toBe(message)
    expect(sendProblem(form({ token: lusd, sendTokenAmount: '1' }), solana)).toBe(message)
    expect(sendProblem(form({ token: lusd, sendTokenAmount: '1', receiverAddress: ADDRESS_B }), solana)).toBe(
      'Invalid Address',
    )
    expect(
      sendProblem(form({ token: lusd, sendTokenAmount: '1', receiverAddress: SOLANA_ADDRESS }), solana),
    ).toBe(undefined)
  })

  it('a token send from an account without coin for gas is stopped; a smart account is not', () => {
    const tokenSend = form({ token: lusd, sendTokenAmount: '1', receiverAddress: ADDRESS_B })
    expect(sendProblem(tokenSend, context({ nativeBalance: 0n }))).toBe('Not enough ETH for gas')
    expect(sendProblem(tokenSend, context({ nativeBalance: 21_000n * gwei - 1n }))).toBe(
      'Not enough ETH for gas',
    )
    expect(sendProblem(tokenSend, context({ nativeBalance: 0n, smartAccount: true }))).toBeUndefined()
  })

  it('a coin send must leave the fee', () => {
    const all = form({ token: eth, sendTokenAmount: '2', receiverAddress: ADDRESS_B })
    expect(sendProblem(all, context())).toBe('Insufficient Funds')
    expect(sendProblem({ ...all, sendTokenAmount: '1.99' }, context())).toBeUndefined()
  })

  it('before the fee is known, only the form is checked', () => {
    const tokenSend = form({ token: lusd, sendTokenAmount: '1', receiverAddress: ADDRESS_B })
    expect(sendProblem(tokenSend, context({ fee: undefined, nativeBalance: 0n }))).toBeUndefined()
  })
})

describe('prepareSend', () => {
  it('estimates a send to oneself before there is a receiver, and keeps the gas price in the send state', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    client.send.setState({ token: lusd, sendTokenAmount: '2.5' })
    const prepared = await prepareSend(client)
    expect(prepared.gasPrice).toBe(gwei)
    expect(client.send.getState().gasPrice).toBe(gwei)
    expect(fake.callsTo('prepareTransfer')).toEqual([
      {
        network: expect.objectContaining({ caipNetworkId: 'eip155:31337' }),
        from: ADDRESS_A,
        to: ADDRESS_A,
        amount: 2_500_000n,
        token: LUSD,
      },
    ])
    client.send.setState({ receiverAddress: ADDRESS_B })
    await prepareSend(client)
    expect(fake.callsTo('prepareTransfer')[1]).toMatchObject({ to: ADDRESS_B })
  })

  it('on a network the wallet is on but the app does not configure: Network not supported for Gas Price', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.emit('wallet.a', { type: 'chainChanged', chainId: 5 })
    client.send.setState({ token: eth })
    await expect(prepareSend(client)).rejects.toBeInstanceOf(GasPriceUnsupportedError)
    expect(fake.callsTo('prepareTransfer')).toEqual([])
  })

  it('an adapter that refuses the network as not configured: Network not supported for Gas Price', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.answer('prepareTransfer', '*', rejects(new ChainNotConfiguredError('eip155:31337')))
    await expect(prepareSend(client)).rejects.toMatchObject({
      shortMessage: 'Network not supported for Gas Price',
    })
  })
})

describe('isSmartAccountInUse', () => {
  it('asks the chain for an extension wallet, and reads false when the chain does not answer', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.answerOnce('isSmartAccount', '*', resolves(true))
    expect(await isSmartAccountInUse(client)).toBe(true)
    fake.answerOnce('isSmartAccount', '*', rejects(new Error('node down')))
    expect(await isSmartAccountInUse(client)).toBe(false)
  })

  it('for an embedded (AUTH) wallet, the account its frame reports decides, not the app’s preference', async () => {
    const fake = createFakeAdapter({ connectors: [connector('auth', { type: 'AUTH' })] })
    const { client } = createTestLatch(
      {
        defaultAccountTypes: { eip155: 'smartAccount' },
        frameUrl: 'http://127.0.0.1:8789',
        projectId: 'demo',
      },
      fake,
    )
    await connectThrough(client, 'auth')
    // The frame has made an EOA (smart accounts are not enabled yet): the gas check applies.
    const session = await client.frame!()
    const user = { id: 'u', email: 'a@b.c', address: '0xabc', socialProvider: null, username: null }
    session.login.setState({ user: { ...user, accountType: 'eoa' } })
    expect(await isSmartAccountInUse(client)).toBe(false)
    session.login.setState({ user: { ...user, accountType: 'smartAccount' } })
    expect(await isSmartAccountInUse(client)).toBe(true)
    expect(fake.callsTo('isSmartAccount')).toEqual([])
  })
})

describe('sendTokens', () => {
  const ready = { token: lusd, sendTokenAmount: '1.25', receiverAddress: ADDRESS_B }

  it('sends what the adapter prepared and answers the hash; the send is pending', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.answer(
      'prepareTransfer',
      '*',
      resolves({ to: LUSD, data: '0xa9059cbb', gas: 50_000n, gasPrice: gwei }),
    )
    fake.answerOnce('sendTransaction', '*', resolves('0xsent'))
    client.send.setState(ready)
    expect(await sendTokens(client)).toBe('0xsent')
    expect(fake.callsTo('sendTransaction')).toEqual([
      expect.objectContaining({ from: ADDRESS_A, to: LUSD, data: '0xa9059cbb', value: undefined }),
    ])
    expect(fake.callsTo('prepareTransfer').at(-1)).toMatchObject({
      to: ADDRESS_B,
      amount: 1_250_000n,
      token: LUSD,
    })
    expect(client.getAccount().pendingTransactions[0]).toMatchObject({ hash: '0xsent' })
  })

  it('an incomplete form never reaches the wallet: Something went wrong', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    for (const state of [
      { token: lusd, sendTokenAmount: '1' },
      { token: lusd, receiverAddress: ADDRESS_B },
      { token: lusd, sendTokenAmount: 'abc', receiverAddress: ADDRESS_B },
      { token: lusd, sendTokenAmount: '1', receiverAddress: 'alice' },
    ]) {
      client.send.replace(form(state))
      await expect(sendTokens(client)).rejects.toMatchObject({ shortMessage: 'Something went wrong' })
    }
    expect(fake.callsTo('sendTransaction')).toEqual([])
  })

  it('an account whose coin balance cannot pay the fee is stopped before the wallet is asked', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.answer('getBalance', '*', resolves({ value: 21_000n * gwei - 1n, decimals: 18, symbol: 'ETH' }))
    client.send.setState(ready)
    await expect(sendTokens(client)).rejects.toMatchObject({ shortMessage: 'Something went wrong' })
    expect(fake.callsTo('sendTransaction')).toEqual([])
  })

  it('a smart account with no coin is sent (its fee may be paid for it)', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.answer('getBalance', '*', resolves({ value: 0n, decimals: 18, symbol: 'ETH' }))
    fake.answer('isSmartAccount', '*', resolves(true))
    client.send.setState(ready)
    await expect(sendTokens(client)).resolves.toBe('0xhash')
  })

  it('a declined send rejects with UserRejectedRequestError and leaves nothing pending', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    fake.answerOnce('sendTransaction', '*', rejects({ code: 4001, message: 'User rejected' }))
    client.send.setState({ ...ready, token: eth, sendTokenAmount: '0.5' })
    await expect(sendTokens(client)).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(client.getAccount().pendingTransactions).toEqual([])
  })

  it('switching networks resets the form (SPEC §4)', async () => {
    const { client, fake } = createTestLatch()
    await connectThrough(client)
    client.send.setState({ ...ready, gasPrice: gwei })
    fake.emit('wallet.a', { type: 'chainChanged', chainId: 31338 })
    expect(client.send.getState()).toEqual(initialSendState())
  })
})
