// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { ADDRESS_A, connector, createFakeAdapter, createTestLatch, resolves } from '../test/fakeAdapter.ts'

const email = connector('latch-email', { type: 'AUTH', name: 'Email' })

describe('the embedded wallet (e-mail login)', () => {
  it('is offered, to the views and to the adapters, only with frameUrl; loading it loads no frame', async () => {
    const without = createTestLatch()
    await without.client.getAdapter('eip155')
    expect(without.client.frame).toBeUndefined()
    expect(without.fake.loads[0]?.frame).toBeUndefined()

    const { client, fake } = createTestLatch({ frameUrl: 'http://127.0.0.1:8789', projectId: 'demo' })
    await client.getAdapter('eip155')
    expect(fake.loads[0]?.frame).toBe(client.frame)
    const session = await client.frame?.()
    expect(session?.login.getState()).toMatchObject({ step: 'email', busy: false, user: undefined })
    expect(session?.approval.getState()).toEqual({ waiting: false })
    expect(document.querySelector('iframe')).toBeNull()
    client.destroy()
  })

  it('connects its signed-in account from the view the visitor signed in on (no Connecting view)', async () => {
    const fake = createFakeAdapter({ connectors: [connector('wallet.a'), email] })
    fake.answer('connect', 'latch-email', resolves({ accounts: [ADDRESS_A], chainId: 31337 }))
    const { client } = createTestLatch({ frameUrl: 'http://127.0.0.1:8789', projectId: 'demo' }, fake)
    await client.open()
    client.router.push('EmailVerify')
    await client.connect('latch-email')
    expect(client.connection.getState()).toMatchObject({
      status: 'connected',
      connections: { eip155: { connectorId: 'latch-email', connectorType: 'AUTH' } },
    })
    expect(client.router.store.getState().history).not.toContain('ConnectingExternal')
    expect(client.modal.getState().open).toBe(false)
  })
})
