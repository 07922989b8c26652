// @vitest-environment happy-dom
import type { Balance, LatchOptions } from '@latch/core'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  API_URL,
  balancePath,
  balancesHandler,
  createFakeDirectory,
  json,
} from '../../../test/fakeDirectory.ts'
import {
  ACCOUNT_BUTTON,
  ADDRESS_A,
  createWallets,
  deferred,
  findStatus,
  findView,
  flush,
  rejects,
  renderWithClient,
  resolves,
} from '../../../test/renderWithClient.tsx'
import { ConnectButton } from '../../components/ConnectButton/ConnectButton.tsx'

/** Connects, then opens the modal from the account button. */
async function openAccount(connect: () => Promise<void>): Promise<HTMLElement> {
  await connect()
  fireEvent.click(screen.getByRole('button', { name: ACCOUNT_BUTTON }))
  return findView('Account')
}

describe('Account view', () => {
  it('shows the shortened address, with the full one as its title, and the balance', async () => {
    const fake = createWallets()
    fake.answer(
      'getBalance',
      ADDRESS_A,
      resolves({ value: 1_234_567_890_123_456_789n, decimals: 18, symbol: 'ETH' }),
    )
    const { connect } = await renderWithClient(<ConnectButton />, { fake })

    const dialog = await openAccount(connect)

    expect(within(dialog).getByTitle(ADDRESS_A).textContent).toBe('0xf39F…2266')
    expect(within(dialog).getByText('1.234 ETH')).toBeTruthy()
  })

  it('says the balance is loading until the node answers', async () => {
    const fake = createWallets()
    const balance = deferred<Balance>()
    fake.answer('getBalance', ADDRESS_A, balance.answer)
    const { connect } = await renderWithClient(<ConnectButton />, { fake })

    const dialog = await openAccount(connect)

    expect(within(dialog).getByText('Loading balance…')).toBeTruthy()
    await act(async () => {
      balance.resolve({ value: 2_000_000_000_000_000_000n, decimals: 18, symbol: 'ETH' })
      await flush()
    })
    expect(within(dialog).getByText('2 ETH')).toBeTruthy()
  })

  it("shows 'Balance unavailable' when the balance fails, and a retry that fetches it again", async () => {
    const fake = createWallets()
    fake.answerOnce('getBalance', ADDRESS_A, rejects(new Error('node unreachable')))
    const { connect } = await renderWithClient(<ConnectButton />, { fake })

    const dialog = await openAccount(connect)

    expect(within(dialog).getByText('Balance unavailable')).toBeTruthy()
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Retry balance' }))
      await flush()
    })
    expect(within(dialog).queryByText('Balance unavailable')).toBeNull()
    expect(within(dialog).getByText('1.999 ETH')).toBeTruthy()
    expect(fake.callsTo('getBalance')).toHaveLength(2)
  })

  it('links the address on the block explorer of networks that have one', async () => {
    const { connect } = await renderWithClient(<ConnectButton />)

    const dialog = await openAccount(connect)

    const link = within(dialog).getByRole('link', { name: 'Block explorer' })
    expect(link.getAttribute('href')).toBe(`https://explorer.devnet.test/address/${ADDRESS_A}`)
    expect(link.getAttribute('rel')).toContain('noopener')
  })

  it('opens Networks from the network row, and Back returns to the account', async () => {
    const { connect } = await renderWithClient(<ConnectButton />)
    const account = await openAccount(connect)

    fireEvent.click(within(account).getByRole('button', { name: 'Latch Devnet A' }))

    const networks = await findView('Choose Network')
    fireEvent.click(within(networks).getByRole('button', { name: 'Back' }))
    expect(within(await findView('Account')).getByTitle(ADDRESS_A)).toBeTruthy()
  })

  it('copies the address and says so', async () => {
    const { connect } = await renderWithClient(<ConnectButton />)
    const dialog = await openAccount(connect)

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy address' }))
      await flush()
    })

    expect(await findStatus('Address copied')).toBeTruthy()
    expect(await navigator.clipboard.readText()).toBe(ADDRESS_A)
  })

  it('disconnects: the wallet is told, the modal closes and the app is disconnected', async () => {
    const { fake, connect } = await renderWithClient(<ConnectButton />)
    const dialog = await openAccount(connect)

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }))
      await flush()
    })

    expect(fake.callsTo('disconnect')).toEqual([{ connectorId: 'io.metamask' }])
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
  })

  it("stays connected and says 'Failed to disconnect' when the wallet refuses", async () => {
    const fake = createWallets()
    fake.answerOnce('disconnect', 'io.metamask', rejects(new Error('busy')))
    const { connect } = await renderWithClient(<ConnectButton />, { fake })
    const dialog = await openAccount(connect)

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }))
      await flush()
    })

    expect(await findStatus('Failed to disconnect')).toBeTruthy()
    expect(within(dialog).getByTitle(ADDRESS_A)).toBeTruthy()
    expect(screen.getByRole('button', { name: ACCOUNT_BUTTON })).toBeTruthy()
  })
})

/** An on-ramp that sells the devnet's ETH for USD through one provider. */
const onrampOptions = {
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10', max: '7500' }] }],
  purchaseCurrencies: [
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [
        { name: 'Latch Devnet A', display_name: 'Latch Devnet A', chain_id: '31337', contract_address: '' },
      ],
    },
  ],
  providers: [{ id: 'sandbox', name: 'Latch Sandbox' }],
}

describe('Account view wallet features', () => {
  /** The Account view with the account data (a Latch server), and the names of its feature buttons in order. */
  async function features(
    options: Partial<LatchOptions> = {},
    swapTokens: { symbol: string }[] = [],
    swapsOff = false,
  ) {
    const server = createFakeDirectory([])
    server.handle(balancePath(ADDRESS_A), balancesHandler([]))
    server.handle('/v1/convert/tokens', () => json({ tokens: swapTokens }))
    server.handle('/v1/onramp/options', () => json(onrampOptions))
    const { connect } = await renderWithClient(<ConnectButton />, { apiUrl: API_URL, ...options })
    const dialog = await openAccount(connect)
    await within(dialog).findByRole('tablist', { name: 'Account' })
    // The feature buttons are a chunk of their own, and Swap waits for the server's list of the network's tokens.
    const group = await waitFor(() => {
      const found = dialog.querySelector('.latch-features')
      if (!found) throw new Error('the feature buttons have not loaded')
      return found
    })
    if (swapTokens.length > 1 && !swapsOff)
      await within(group as HTMLElement).findByRole('button', { name: 'Swap' })
    return {
      dialog,
      swapRequests: () => server.to('/v1/convert/tokens'),
      names: within(group as HTMLElement)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    }
  }

  it('shows Buy, Receive and Send in the default order (onramp, swaps, receive, send), each opening its view', async () => {
    const { dialog, names } = await features()

    expect(names).toEqual(['Buy', 'Receive', 'Send'])
    // Receive is a feature button here, not the icon beside the address.
    expect(within(dialog).getAllByRole('button', { name: 'Receive' })).toHaveLength(1)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(await findView('Send')).toBeTruthy()
  })

  it('opens Buy from its button: the on-ramp’s options, the first token sold on the network and provider chosen', async () => {
    const { dialog } = await features()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' }))
    const buy = await findView('Buy')
    expect(await within(buy).findByRole('button', { name: 'Receive ETH. Change token' })).toBeTruthy()
    expect(within(buy).getByRole('radio', { name: /^Latch Sandbox/ })).toHaveProperty('checked', true)
  })

  it('follows walletFeaturesOrder, and leaves out the features that are off', async () => {
    expect((await features({ walletFeaturesOrder: ['send', 'swaps', 'receive'] })).names).toEqual([
      'Send',
      'Receive',
    ])
    cleanup()
    const { dialog, names } = await features({ features: { receive: false, onramp: false } })
    expect(names).toEqual(['Send'])
    expect(within(dialog).queryByRole('button', { name: 'Receive' })).toBeNull()
  })

  it('shows Swap first where the server lists the network’s swap tokens, opening the Swap view', async () => {
    const tokens = [{ symbol: 'ETH' }, { symbol: 'LUSD' }]
    const { dialog, names } = await features({}, tokens)
    expect(names).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Swap' }))
    expect(await findView('Swap')).toBeTruthy()
  })

  it('leaves Buy and Swap out, without asking the server, in a restricted time zone and when the feature is off', async () => {
    const tokens = [{ symbol: 'ETH' }, { symbol: 'LUSD' }]
    const off = await features({ features: { swaps: false, onramp: false } }, tokens, true)
    expect(off.names).toEqual(['Receive', 'Send'])
    expect(off.swapRequests()).toHaveLength(0)
    cleanup()
    const zone = vi
      .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
      .mockReturnValue({ timeZone: 'Asia/Urumqi' } as Intl.ResolvedDateTimeFormatOptions)
    try {
      const restricted = await features({}, tokens, true)
      expect(restricted.names).toEqual(['Receive', 'Send'])
      expect(restricted.swapRequests()).toHaveLength(0)
    } finally {
      zone.mockRestore()
    }
  })

  it('offers Receive beside the address without a Latch server, and no Send (it needs the tokens)', async () => {
    const { connect } = await renderWithClient(<ConnectButton />)
    const dialog = await openAccount(connect)

    expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }))
    expect(await findView('Receive')).toBeTruthy()
  })
})
