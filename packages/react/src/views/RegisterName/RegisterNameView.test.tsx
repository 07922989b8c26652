// @vitest-environment happy-dom
import { UserRejectedRequestError } from '@latch/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  API_URL,
  balancePath,
  balancesHandler,
  createFakeDirectory,
  json,
} from '../../../test/fakeDirectory.ts'
import { ADDRESS_A, findView, rejects, renderWithClient } from '../../../test/renderWithClient.tsx'
import { ConnectButton } from '../../components/ConnectButton/ConnectButton.tsx'

const identityPath = `/v1/identity/${ADDRESS_A}`

/** A names server: `taken` names are registered; a POST registers the message's name for ADDRESS_A. */
function namesServer(taken: string[] = []) {
  const server = createFakeDirectory([])
  const registered = new Set(taken)
  let mine: string | null = null
  server.handle(balancePath(ADDRESS_A), balancesHandler([]))
  server.handle(identityPath, () => json({ name: mine, avatar: null }))
  server.handle('/v1/history', () => json({ data: [], next: null }))
  server.handle(`/v1/account/${ADDRESS_A}/history`, () => json({ data: [], next: null }))
  for (const label of ['alice', 'bob']) {
    server.handle(`/v1/profile/suggestions/${label}`, () =>
      json({
        suggestions: [
          { name: `${label}.latch.id`, registered: registered.has(`${label}.latch.id`) },
          { name: `${label}7.latch.id`, registered: false },
        ],
      }),
    )
  }
  server.handle('/v1/profile/account', ({ body }) => {
    const { message } = JSON.parse(body!) as { message: string }
    const { name } = JSON.parse(message) as { name: string }
    if (registered.has(name)) return json({ error: `Name is already registered: ${name}` }, 409)
    registered.add(name)
    mine = name
    return json({ name, registered: 1, updated: 1, addresses: {}, attributes: {} }, 201)
  })
  return server
}

async function openRegisterName(server = namesServer()) {
  const test = await renderWithClient(<ConnectButton />, { apiUrl: API_URL })
  await test.connect()
  await test.open({ view: 'Account' })
  const account = await findView('Account')
  const choose = await within(account).findByRole('button', { name: 'Choose a name' })
  // A plus (a name to add), not a check mark, which would read as one already chosen.
  expect(choose.querySelector('svg path')?.getAttribute('d')).toBe('M12 5v14M5 12h14')
  fireEvent.click(choose)
  const dialog = await findView('Choose Name')
  const input = within(dialog).getByRole('textbox', { name: 'Name' })
  return { ...test, server, dialog, input }
}

describe('RegisterName view', () => {
  it('checks the name, signs the message, registers it and shows it in place of the address', async () => {
    const { dialog, input, server, fake } = await openRegisterName()
    fireEvent.change(input, { target: { value: 'al' } })
    expect(within(dialog).getByText('The name must be at least 3 characters')).toBeTruthy()

    fireEvent.change(input, { target: { value: ' Alice ' } })
    expect(await within(dialog).findByText('alice.latch.id is available')).toBeTruthy()
    expect(server.to('/v1/profile/suggestions/alice')).toHaveLength(1)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }))

    const account = await findView('Account')
    await waitFor(() =>
      expect(within(account).getByTestId('latch-account-address').textContent).toBe('alice.latch.id'),
    )
    expect(screen.getByRole('button', { name: /alice\.latch\.id/ })).toBeTruthy()
    expect(within(account).queryByRole('button', { name: 'Choose a name' })).toBeNull()
    const [signed] = fake.callsTo('signMessage')
    expect(JSON.parse(signed!.message)).toMatchObject({ name: 'alice.latch.id' })
    expect(JSON.parse(server.to('/v1/profile/account')[0]!.body!)).toMatchObject({
      address: ADDRESS_A,
      coin_type: 0x80000000 + 31337,
      signature: '0xsignature',
    })
  })

  it('says a taken name is taken, and offers free alternatives', async () => {
    const { dialog, input } = await openRegisterName(namesServer(['bob.latch.id']))
    fireEvent.change(input, { target: { value: 'bob' } })
    expect(await within(dialog).findByText('bob.latch.id is taken')).toBeTruthy()
    expect((within(dialog).getByRole('button', { name: 'Register' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'bob7.latch.id' }))
    expect((input as HTMLInputElement).value).toBe('bob7')
  })

  it("shows 'Signature declined' when the wallet declines, and registers nothing", async () => {
    const { dialog, input, server, fake } = await openRegisterName()
    fake.answerOnce('signMessage', '*', rejects(new UserRejectedRequestError()))
    fireEvent.change(input, { target: { value: 'alice' } })
    await within(dialog).findByText('alice.latch.id is available')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }))
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Signature declined')
    expect(server.to('/v1/profile/account')).toHaveLength(0)
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('shows the server’s reason when the name was taken meanwhile', async () => {
    const server = namesServer()
    const { dialog, input } = await openRegisterName(server)
    fireEvent.change(input, { target: { value: 'alice' } })
    await within(dialog).findByText('alice.latch.id is available')
    server.handle('/v1/profile/account', () =>
      json({ error: 'Name is already registered: alice.latch.id' }, 409),
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }))
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Name is already registered: alice.latch.id',
    )
  })
})
