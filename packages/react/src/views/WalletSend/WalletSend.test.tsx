// @vitest-environment happy-dom
import { ChainNotConfiguredError, initialSendState } from '@latch/core'
import { fireEvent, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  API_URL,
  aliceProfile,
  balancePath,
  balancesHandler,
  createFakeDirectory,
  devnetEth,
  devnetLusd,
  json,
} from '../../../test/fakeDirectory.ts'
import {
  ADDRESS_A,
  ADDRESS_B,
  createWallets,
  findStatus,
  findView,
  rejects,
  renderWithClient,
  resolves,
} from '../../../test/renderWithClient.tsx'
import { ConnectButton } from '../../components/ConnectButton/ConnectButton.tsx'

const LUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const eth = devnetEth
const lusd = devnetLusd
const gwei = 1_000_000_000n

async function openSend(balances = [eth, lusd], fake = createWallets()) {
  const server = createFakeDirectory([])
  server.handle(balancePath(ADDRESS_A), balancesHandler(balances))
  server.handle(`/v1/identity/${ADDRESS_A}`, () => json({ name: null, avatar: null }))
  server.handle(`/v1/account/${ADDRESS_A}/history`, () => json({ data: [], next: null }))
  server.handle('/v1/profile/account/alice.latch.id', () => json(aliceProfile))
  server.handle('/v1/profile/account/nobody.latch.id', () => json({ error: 'Name not found' }, 404))
  const test = await renderWithClient(<ConnectButton />, { apiUrl: API_URL, fake })
  await test.connect()
  await test.open({ view: 'Account' })
  const account = await findView('Account')
  fireEvent.click(await within(account).findByRole('button', { name: 'Send' }))
  const dialog = await findView('Send')
  // Found afresh each time: the form is mounted again after choosing a token.
  const body = within(document.body)
  const amount = () => body.getByRole('textbox', { name: 'Amount' })
  const to = () => body.getByRole('textbox', { name: 'To' })
  const submit = () =>
    body.getByRole('button', {
      name: /Preview Send|Add|Insufficient|Invalid|Not enough|Select Token|Estimating|Network|Could not|Finding/,
    })
  return { ...test, server, dialog, amount, to, submit }
}

describe('WalletSend', () => {
  it('sends the coin: chosen by default, fee read, reviewed, sent; then back to Account with the form reset', async () => {
    const { client, fake, dialog, amount, to, submit } = await openSend()
    expect(await within(dialog).findByRole('button', { name: 'Token: ETH. Change token' })).toBeTruthy()
    expect(await within(dialog).findByTestId('latch-send-fee')).toBeTruthy()
    await waitFor(() => expect(within(dialog).getByTestId('latch-send-fee').textContent).toBe('0.000021 ETH'))
    expect(submit().textContent).toBe('Add Amount')
    fireEvent.change(amount(), { target: { value: '1.5' } })
    expect(submit().textContent).toBe('Add Address')
    fireEvent.change(to(), { target: { value: ADDRESS_B } })
    await waitFor(() => expect(submit().textContent).toBe('Preview Send'))
    // SPEC §3 send state.
    expect(client.send.getState()).toMatchObject({
      token: eth,
      sendTokenAmount: '1.5',
      receiverAddress: ADDRESS_B,
      gasPrice: gwei,
      gasPriceInUSD: 0.000021 * 3000,
      networkBalanceInUSD: '6000',
    })
    fireEvent.click(submit())

    const review = await findView('Review Send')
    expect(within(review).getByTestId('latch-send-total').textContent).toContain('1.5 ETH')
    expect(within(review).getByTestId('latch-send-receiver').textContent).toBe('0x7099…79C8')
    expect(within(review).getByText('$4,500.00')).toBeTruthy()
    fireEvent.click(within(review).getByRole('button', { name: 'Send' }))

    await findStatus('Transaction started')
    await findView('Account')
    expect(fake.callsTo('sendTransaction')).toEqual([
      expect.objectContaining({ from: ADDRESS_A, to: ADDRESS_B, value: 0n }),
    ])
    expect(client.send.getState()).toEqual(initialSendState())
  })

  it('sends a token chosen from the list, for the amount typed', async () => {
    const { fake, dialog, amount, to, submit } = await openSend()
    fake.answer(
      'prepareTransfer',
      '*',
      resolves({ to: LUSD, data: '0xa9059cbb', gas: 50_000n, gasPrice: gwei }),
    )
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Token: ETH. Change token' }))
    const picker = await findView('Select Token')
    fireEvent.change(within(picker).getByRole('searchbox', { name: 'Search tokens' }), {
      target: { value: 'usd' },
    })
    const list = within(picker).getByRole('list', { name: 'Your tokens' })
    expect(within(list).getAllByRole('button')).toHaveLength(1)
    fireEvent.click(within(list).getByRole('button', { name: /LUSD/ }))

    const form = await findView('Send')
    expect(within(form).getByRole('button', { name: 'Token: LUSD. Change token' })).toBeTruthy()
    fireEvent.change(amount(), { target: { value: '1.0000001' } })
    expect(submit().textContent).toBe('Invalid Amount')
    fireEvent.change(amount(), { target: { value: '101' } })
    expect(submit().textContent).toBe('Insufficient Funds')
    fireEvent.change(amount(), { target: { value: '12.5' } })
    fireEvent.change(to(), { target: { value: ADDRESS_B } })
    await waitFor(() => expect(submit().textContent).toBe('Preview Send'))
    fireEvent.click(submit())
    fireEvent.click(within(await findView('Review Send')).getByRole('button', { name: 'Send' }))
    await findStatus('Transaction started')
    expect(fake.callsTo('prepareTransfer').at(-1)).toMatchObject({
      to: ADDRESS_B,
      amount: 12_500_000n,
      token: LUSD,
    })
    expect(fake.callsTo('sendTransaction')).toEqual([
      expect.objectContaining({ to: LUSD, data: '0xa9059cbb' }),
    ])
  })

  it('a receiver by name: resolved to its address on this network, shown by name and avatar in the review', async () => {
    const { client, server, fake, dialog, amount, to, submit } = await openSend()
    fireEvent.change(amount(), { target: { value: '1' } })
    fireEvent.change(to(), { target: { value: 'nobody.latch.id' } })
    expect(await within(dialog).findByText('No address found for nobody.latch.id')).toBeTruthy()
    expect(submit().textContent).toBe('Invalid Address')

    fireEvent.change(to(), { target: { value: 'alice.latch.id' } })
    expect(await within(dialog).findByText(`alice.latch.id: ${ADDRESS_B}`)).toBeTruthy()
    expect(server.to('/v1/profile/account/alice.latch.id')).toHaveLength(1)
    await waitFor(() => expect(submit().textContent).toBe('Preview Send'))
    fireEvent.click(submit())
    // SPEC §3 send state: the receiver's profile name and image.
    expect(client.send.getState()).toMatchObject({
      receiverAddress: ADDRESS_B,
      receiverProfileName: 'alice.latch.id',
      receiverProfileImageUrl: 'https://avatars.test/alice.png',
    })
    const review = await findView('Review Send')
    const receiver = within(review).getByTestId('latch-send-receiver')
    expect(receiver.textContent).toBe('alice.latch.id')
    expect(receiver.querySelector('img')?.getAttribute('src')).toBe('https://avatars.test/alice.png')
    fireEvent.click(within(review).getByRole('button', { name: 'Send' }))
    await findStatus('Transaction started')
    expect(fake.callsTo('sendTransaction')).toEqual([expect.objectContaining({ to: ADDRESS_B })])
  })

  it('a token send from an account with no coin is stopped: Not enough ETH for gas', async () => {
    const { fake, dialog, amount, to, submit } = await openSend([lusd])
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Select token' }))
    fireEvent.click(within(await findView('Select Token')).getByRole('button', { name: /LUSD/ }))
    await findView('Send')
    fireEvent.change(amount(), { target: { value: '1' } })
    fireEvent.change(to(), { target: { value: ADDRESS_B } })
    await waitFor(() => expect(submit().textContent).toBe('Not enough ETH for gas'))
    expect((submit() as HTMLButtonElement).disabled).toBe(true)
    expect(fake.callsTo('sendTransaction')).toEqual([])
  })

  it('Max: the coin held less the fee', async () => {
    const { dialog, amount } = await openSend()
    await waitFor(() => expect(within(dialog).getByTestId('latch-send-fee').textContent).toBe('0.000021 ETH'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Max' }))
    expect((amount() as HTMLInputElement).value).toBe('1.999979')
  })

  it('Max from a smart account: all of it, its fee the paymaster’s (SPEC §5)', async () => {
    const fake = createWallets()
    fake.answer('isSmartAccount', '*', resolves(true))
    const { dialog, amount } = await openSend([eth, lusd], fake)
    await waitFor(() => expect(within(dialog).getByTestId('latch-send-fee').textContent).toBe('0.000021 ETH'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Max' }))
    await waitFor(() => expect((amount() as HTMLInputElement).value).toBe('2'))
  })

  it('a network the fees cannot be read on: Network not supported for Gas Price, and nothing to send', async () => {
    const { fake, dialog, amount, to, submit } = await openSend()
    fake.answer('prepareTransfer', '*', rejects(new ChainNotConfiguredError('eip155:31337')))
    fireEvent.change(amount(), { target: { value: '1' } })
    fireEvent.change(to(), { target: { value: ADDRESS_B } })
    await waitFor(() =>
      expect(within(dialog).getByTestId('latch-send-fee').textContent).toBe(
        'Network not supported for Gas Price',
      ),
    )
    expect(submit().textContent).toBe('Network not supported for Gas Price')
    expect((submit() as HTMLButtonElement).disabled).toBe(true)
  })

  it('a fee that could not be read offers Try again, which reads it again', async () => {
    const fake = createWallets()
    fake.answerOnce('prepareTransfer', '*', rejects(new Error('node down')))
    const { dialog } = await openSend([eth, lusd], fake)
    const retry = await within(dialog).findByRole('button', { name: 'Try again' })
    expect(within(dialog).getByTestId('latch-send-fee').textContent).toBe(
      'Could not estimate the network fee',
    )
    fireEvent.click(retry)
    await waitFor(() => expect(within(dialog).getByTestId('latch-send-fee').textContent).toBe('0.000021 ETH'))
  })

  it('a declined signature shows the declined state and Try again; a failed send says so', async () => {
    const { fake, amount, to, submit } = await openSend()
    fireEvent.change(amount(), { target: { value: '1' } })
    fireEvent.change(to(), { target: { value: ADDRESS_B } })
    await waitFor(() => expect(submit().textContent).toBe('Preview Send'))
    fireEvent.click(submit())
    const review = await findView('Review Send')

    fake.answerOnce('sendTransaction', '*', rejects({ code: 4001, message: 'User rejected' }))
    fireEvent.click(within(review).getByRole('button', { name: 'Send' }))
    expect((await within(review).findByRole('alert')).textContent).toBe('Transaction declined')

    fake.answerOnce('sendTransaction', '*', rejects({ code: -32603, message: 'nonce too low' }))
    fireEvent.click(within(review).getByRole('button', { name: 'Try again' }))
    await findStatus('Failed to send transaction. Please try again.')
    expect((await within(review).findByRole('alert')).textContent).toBe(
      'Failed to send transaction. Please try again.',
    )
  })

  it('switching networks resets the form (SPEC §4)', async () => {
    const { client, fake, amount } = await openSend()
    fireEvent.change(amount(), { target: { value: '1' } })
    expect(client.send.getState().sendTokenAmount).toBe('1')
    fake.emit('io.metamask', { type: 'chainChanged', chainId: 31338 })
    await waitFor(() => expect(client.send.getState().sendTokenAmount).toBeUndefined())
  })
})
