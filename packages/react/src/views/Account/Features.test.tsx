// @vitest-environment happy-dom
// Its own file: the feature buttons make their views known once per module graph, and this is about before that.
import { act, screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import { API_URL, balancePath, balancesHandler, createFakeDirectory } from '../../../test/fakeDirectory.ts'
import { ADDRESS_A, findView, renderWithClient } from '../../../test/renderWithClient.tsx'
import { ConnectButton } from '../../components/ConnectButton/ConnectButton.tsx'

it('a feature’s view opened directly shows once the Account view’s feature buttons have made it known', async () => {
  const server = createFakeDirectory([])
  server.handle(balancePath(ADDRESS_A), balancesHandler([]))
  const { client, connect } = await renderWithClient(<ConnectButton />, { apiUrl: API_URL })
  await connect()
  await act(() => client.open({ view: 'WalletSend' }))
  // The Account view stands in while its feature buttons load; then the modal shows Send, titled.
  expect(await findView('Send')).toBeTruthy()
  expect(screen.getByRole('heading', { name: 'Send' })).toBeTruthy()
})
