// @vitest-environment happy-dom
import { createStore, type EmailLoginState, type FrameSession } from '@latch/core'
import { act, fireEvent, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { findView, renderWithClient } from '../../../test/renderWithClient.tsx'

/** The embedded wallet's session as EmailVerify reads it: its login only (the frame is e2e's, e2e/email.spec.ts). */
function fakeSession(login: Partial<EmailLoginState>) {
  return {
    login: createStore<EmailLoginState>({
      step: 'email',
      busy: false,
      email: 'ada@example.com',
      resendAt: undefined,
      error: undefined,
      user: undefined,
      ...login,
    }),
  } as unknown as FrameSession
}

it('EmailVerify with nothing on its way offers the way back, not a spinner; connecting, it says so', async () => {
  const { client, open } = await renderWithClient(null, {
    frameUrl: 'http://127.0.0.1:8789',
    projectId: 'demo',
  })
  const session = fakeSession({})
  Object.assign(client, { frame: async () => session, loadedFrame: () => session })
  await open({ view: 'Connect' })
  act(() => client.router.push('EmailVerify'))
  const view = await findView('Confirm Email')
  expect(await within(view).findByText('This login has ended.')).toBeTruthy()
  expect(within(view).queryByText('Connecting')).toBeNull()

  act(() => client.connection.setState({ status: 'connecting', pendingConnectorId: 'latch-email' }))
  expect(await within(view).findByText('Connecting')).toBeTruthy()
  act(() => client.connection.setState({ status: 'disconnected', pendingConnectorId: undefined }))

  fireEvent.click(await within(view).findByRole('button', { name: 'Start over' }))
  expect(client.router.store.getState().view).toBe('Connect')
})
