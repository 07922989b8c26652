import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ADDRESS_B,
  connectThrough,
  createTestLatch,
  deferred,
  flush,
  rejects,
  resolves,
} from '../../test/fakeAdapter.ts'
import {
  aliceProfile,
  createFakeServer,
  devnetEth,
  devnetLusd,
  json,
  nameProfile,
} from '../../test/fakeServer.ts'
import { ChainNotConfiguredError } from '../errors/BaseError.ts'
import { initialSendState } from '../state/send.ts'
import type { PreparedTransfer } from '../types.ts'
import { createSendController, NAME_LOOKUP_WAIT_MS, type SendController } from './controller.ts'

const apiUrl = 'http://api.test'
const gwei = 1_000_000_000n
const eth = devnetEth
const lusd = devnetLusd
const transfer = (gas: bigint): PreparedTransfer => ({ to: ADDRESS_B, value: 0n, gas, gasPrice: gwei })

const controllers: SendController[] = []
afterEach(() => {
  for (const controller of controllers.splice(0)) controller.destroy()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** A connected client with a Latch server (names: alice has an address on the devnet, bob on none). */
async function setUp() {
  const server = createFakeServer()
  server.handle('/v1/profile/account/alice.latch.id', () => json(aliceProfile))
  server.handle('/v1/profile/account/bob.latch.id', () => json(nameProfile('bob.latch.id')))
  vi.stubGlobal('fetch', server.fetch)
  const latch = createTestLatch({ apiUrl })
  await connectThrough(latch.client)
  const form = createSendController(latch.client)
  controllers.push(form)
  return { ...latch, form, server }
}

describe('the send controller: what the Send views show, computed in core', () => {
  it('chooses the network’s coin once the balances are in, and keeps its balance in base units', async () => {
    const { client, form } = await setUp()
    form.setBalances([lusd, eth])
    expect(client.send.getState().token).toBe(eth)
    expect(form.state.getState().nativeBalance).toBe(2n * 10n ** 18n)
    // A token the visitor picked stays picked.
    client.send.setState({ token: lusd })
    form.setBalances([lusd, eth])
    expect(client.send.getState().token).toBe(lusd)
  })

  it('reads the fee for the token and a complete receiver, not for every key typed', async () => {
    const { client, fake, form } = await setUp()
    fake.answer('prepareTransfer', '*', resolves(transfer(21_000n)))
    client.send.setState({ token: eth })
    await vi.waitFor(() =>
      expect(form.state.getState().fee).toEqual({ status: 'ready', fee: 21_000n * gwei }),
    )
    const asked = fake.callsTo('prepareTransfer').length
    client.send.setState({ sendTokenAmount: '1' })
    client.send.setState({ receiverAddress: '0x70997970' })
    await flush()
    expect(fake.callsTo('prepareTransfer')).toHaveLength(asked)
    client.send.setState({ receiverAddress: ADDRESS_B })
    await vi.waitFor(() => expect(fake.callsTo('prepareTransfer')).toHaveLength(asked + 1))
  })

  it('gives the fee and the coin balance in USD to the send state once the price is known', async () => {
    const { client, fake, form } = await setUp()
    fake.answer('prepareTransfer', '*', resolves(transfer(100_000n)))
    form.setBalances([eth])
    await vi.waitFor(() => expect(client.send.getState().gasPriceInUSD).toBeCloseTo(0.3))
    expect(client.send.getState().networkBalanceInUSD).toBe('6000')
  })

  it('keeps only the latest fee when an earlier answer arrives last', async () => {
    const { client, fake, form } = await setUp()
    const slow = deferred<PreparedTransfer>()
    fake.answerOnce('prepareTransfer', '*', slow.answer)
    fake.answer('prepareTransfer', '*', resolves(transfer(50_000n)))
    client.send.setState({ token: eth })
    client.send.setState({ token: lusd })
    await vi.waitFor(() =>
      expect(form.state.getState().fee).toEqual({ status: 'ready', fee: 50_000n * gwei }),
    )
    slow.resolve(transfer(21_000n))
    await flush()
    expect(form.state.getState().fee).toEqual({ status: 'ready', fee: 50_000n * gwei })
  })

  it("says 'Network not supported for Gas Price' without a retry, and offers retry for other failures", async () => {
    const { client, fake, form } = await setUp()
    fake.answerOnce('prepareTransfer', '*', rejects(new ChainNotConfiguredError('eip155:31337')))
    client.send.setState({ token: eth })
    await vi.waitFor(() =>
      expect(form.state.getState().fee).toEqual({
        status: 'failed',
        message: 'Network not supported for Gas Price',
      }),
    )

    fake.answerOnce('prepareTransfer', '*', rejects(new Error('node unreachable')))
    fake.answer('prepareTransfer', '*', resolves(transfer(21_000n)))
    client.send.setState({ token: lusd })
    await vi.waitFor(() => expect(form.state.getState().fee.status).toBe('failed'))
    const fee = form.state.getState().fee
    expect(fee).toMatchObject({ message: 'Could not estimate the network fee' })
    if (fee.status === 'failed') fee.retry?.()
    await vi.waitFor(() =>
      expect(form.state.getState().fee).toEqual({ status: 'ready', fee: 21_000n * gwei }),
    )
  })

  it('knows whether a smart account pays', async () => {
    const { fake, client } = createTestLatch()
    fake.answer('isSmartAccount', '*', resolves(true))
    await connectThrough(client)
    const form = createSendController(client)
    controllers.push(form)
    await vi.waitFor(() => expect(form.state.getState().smartAccount).toBe(true))
  })

  it('resolves a receiver typed as a name once typing pauses, to its address on this network', async () => {
    const { client, form, server } = await setUp()
    vi.useFakeTimers()
    client.send.setState({ receiverAddress: 'ali' })
    client.send.setState({ receiverAddress: 'alice.latch' })
    client.send.setState({ receiverAddress: 'alice.latch.id' })
    expect(form.state.getState().receiverName).toEqual({ status: 'loading' })
    await vi.advanceTimersByTimeAsync(NAME_LOOKUP_WAIT_MS)
    vi.useRealTimers()
    await vi.waitFor(() => expect(client.send.getState().receiverAddress).toBe(ADDRESS_B))
    expect(client.send.getState()).toMatchObject({
      receiverProfileName: 'alice.latch.id',
      receiverProfileImageUrl: 'https://avatars.test/alice.png',
    })
    expect(form.state.getState().receiverName).toEqual({ status: 'idle' })
    // Only the name typed last was asked for.
    expect(server.to('/v1/profile/account/alice.latch')).toEqual([])
  })

  it('says so when the name has no address, and leaves what was typed', async () => {
    const { client, form } = await setUp()
    client.send.setState({ receiverAddress: 'bob.latch.id' })
    await vi.waitFor(() =>
      expect(form.state.getState().receiverName).toEqual({ status: 'failed', name: 'bob.latch.id' }),
    )
    expect(client.send.getState().receiverAddress).toBe('bob.latch.id')
  })

  it('stops following the client once destroyed', async () => {
    const { client, fake, form } = await setUp()
    form.destroy()
    client.send.setState({ token: eth })
    await flush()
    expect(fake.callsTo('prepareTransfer')).toEqual([])
    expect(form.state.getState().fee).toEqual({ status: 'idle' })
  })

  it('drops answers that arrive after it was destroyed (they would write into the next form)', async () => {
    const { client, fake, form } = await setUp()
    const slow = deferred<PreparedTransfer>()
    fake.answerOnce('prepareTransfer', '*', slow.answer)
    form.setBalances([eth])
    await vi.waitFor(() => expect(fake.callsTo('prepareTransfer')).toHaveLength(1))
    form.destroy()
    client.send.replace(initialSendState())
    slow.resolve(transfer(21_000n))
    await flush()
    // (prepareSend keeps the network's gas price in the send state: the network's either way.)
    expect(client.send.getState()).toMatchObject({ gasPriceInUSD: undefined, networkBalanceInUSD: undefined })
    expect(form.state.getState().fee).toEqual({ status: 'loading' })
  })
})
