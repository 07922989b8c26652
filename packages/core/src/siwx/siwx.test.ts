// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import {
  ADDRESS_A,
  ADDRESS_B,
  connector,
  connectThrough,
  createFakeAdapter,
  createMemoryStorage,
  createTestLatch,
  flush,
  rejects,
  resolves,
  type TestLatchOptions,
} from '../../test/fakeAdapter.ts'
import { createFakeServer, json } from '../../test/fakeServer.ts'
import type { SiwxMessageData, SiwxSession, SiwxStore } from './types.ts'

/** A store in memory that verifies nothing: sessions by address and network. */
function memoryStore(initial: SiwxSession[] = []) {
  const sessions = [...initial]
  const nonces: string[] = []
  const store: SiwxStore & { sessions: SiwxSession[]; nonces: string[] } = {
    sessions,
    nonces,
    getNonce: vi.fn(async () => {
      const nonce = `nonce${nonces.length + 1}`
      nonces.push(nonce)
      return nonce
    }),
    addSession: vi.fn(async (session: SiwxSession) => {
      sessions.push(session)
    }),
    getSessions: vi.fn(async ({ address, chainId }) =>
      sessions.filter((s) => s.data.accountAddress === address && s.data.chainId === chainId),
    ),
    clearSessions: vi.fn(() => {
      sessions.length = 0
    }),
  }
  return store
}

const sessionOf = (address: string, chainId: `${string}:${string}`, expiresInMs = 60_000): SiwxSession => ({
  message: 'signed',
  signature: '0xsig',
  data: {
    accountAddress: address,
    chainId,
    domain: 'app.test',
    uri: 'https://app.test',
    version: '1',
    nonce: 'n',
    issuedAt: new Date().toISOString(),
    expirationTime: new Date(Date.now() + expiresInMs).toISOString(),
  },
})

/** The eip155 fake adapter, formatting messages as their fields in JSON (the EVM adapter writes EIP-4361). */
function signInLatch(overrides: TestLatchOptions = {}) {
  const fake = createFakeAdapter()
  fake.adapter.formatSignInMessage = (data: SiwxMessageData) => JSON.stringify(data)
  return createTestLatch(overrides, fake)
}

/** Lets the lazy sign-in chunk load and its check settle. */
async function settle() {
  await vi.waitFor(async () => {
    await flush()
  })
  for (let i = 0; i < 5; i++) await flush()
}

describe('sign-in after connecting (SPEC §4)', () => {
  it('without a session: opens SIWXSignMessage; signing stores the session and closes the modal', async () => {
    const store = memoryStore()
    const { client, fake } = signInLatch({ siwx: { store, required: true, statement: 'Welcome' } })
    await connectThrough(client)
    await vi.waitFor(() => expect(client.router.store.getState().view).toBe('SIWXSignMessage'))
    expect(client.modal.getState().open).toBe(true)
    const controller = await client.siwxController()
    expect(controller.state.getState().status).toBe('required')

    await controller.sign()
    const [signed] = fake.callsTo('signMessage')
    const data = JSON.parse(signed!.message) as SiwxMessageData
    expect(data).toMatchObject({
      accountAddress: ADDRESS_A,
      chainId: 'eip155:31337',
      domain: location.host,
      uri: location.origin,
      version: '1',
      nonce: 'nonce1',
      statement: 'Welcome',
    })
    expect(Date.parse(data.expirationTime!) - Date.parse(data.issuedAt)).toBe(24 * 60 * 60_000)
    expect(store.sessions).toEqual([{ data, message: signed!.message, signature: '0xsignature' }])
    expect(controller.state.getState()).toMatchObject({ status: 'signed' })
    expect(client.modal.getState().open).toBe(false)
  })

  it('with a live session: nothing is asked', async () => {
    const store = memoryStore([sessionOf(ADDRESS_A, 'eip155:31337')])
    const { client, fake } = signInLatch({ siwx: { store, required: true } })
    await connectThrough(client)
    const controller = await client.siwxController()
    await vi.waitFor(() => expect(controller.state.getState().status).toBe('signed'))
    expect(client.modal.getState().open).toBe(false)
    expect(fake.callsTo('signMessage')).toEqual([])
  })

  it('an expired session does not count', async () => {
    const store = memoryStore([sessionOf(ADDRESS_A, 'eip155:31337', -1)])
    const { client } = signInLatch({ siwx: { store } })
    await connectThrough(client)
    await vi.waitFor(() => expect(client.router.store.getState().view).toBe('SIWXSignMessage'))
  })

  it('switching to a network or an account without a session asks again, once', async () => {
    const store = memoryStore([sessionOf(ADDRESS_A, 'eip155:31337')])
    const { client, fake } = signInLatch({ siwx: { store } })
    await connectThrough(client)
    const controller = await client.siwxController()
    await vi.waitFor(() => expect(controller.state.getState().status).toBe('signed'))

    fake.emit('wallet.a', { type: 'chainChanged', chainId: 31338 })
    await vi.waitFor(() => expect(client.router.store.getState().view).toBe('SIWXSignMessage'))
    await controller.sign()
    expect(store.sessions.at(-1)!.data.chainId).toBe('eip155:31338')

    fake.emit('wallet.a', { type: 'accountsChanged', accounts: [ADDRESS_B] })
    await vi.waitFor(() => expect(controller.state.getState().status).toBe('required'))
    // Events that repeat while the check runs do not stack up checks.
    const reads = vi.mocked(store.getSessions).mock.calls.length
    fake.emit('wallet.a', { type: 'accountsChanged', accounts: [ADDRESS_B] })
    await settle()
    expect(vi.mocked(store.getSessions).mock.calls.length - reads).toBeLessThanOrEqual(1)
  })

  it('required: closing is disabled on the sign view (the modal shakes); Cancel disconnects', async () => {
    const store = memoryStore()
    const { client } = signInLatch({ siwx: { store, required: true } })
    await connectThrough(client)
    await vi.waitFor(() => expect(client.router.store.getState().view).toBe('SIWXSignMessage'))
    await client.siwxController()
    client.close()
    expect(client.modal.getState()).toMatchObject({ open: true, shake: true })

    await (await client.siwxController()).cancel()
    expect(client.connection.getState().status).toBe('disconnected')
    expect(client.modal.getState().open).toBe(false)
  })

  it('optional: Cancel closes and stays connected, and the same account is not asked again', async () => {
    const store = memoryStore()
    const { client, fake } = signInLatch({ siwx: { store } })
    await connectThrough(client)
    await vi.waitFor(() => expect(client.router.store.getState().view).toBe('SIWXSignMessage'))
    const controller = await client.siwxController()
    client.close()
    expect(client.modal.getState().open).toBe(false)
    await client.open({ view: 'SIWXSignMessage' })
    await controller.cancel()
    expect(client.connection.getState().status).toBe('connected')
    expect(client.modal.getState().open).toBe(false)

    fake.emit('wallet.a', { type: 'chainChanged', chainId: 31337 })
    await settle()
    expect(client.modal.getState().open).toBe(false)
  })

  it('a declined signature says Signature declined and keeps the view for another try', async () => {
    const store = memoryStore()
    const { client, fake } = signInLatch({ siwx: { store, required: true } })
    await connectThrough(client)
    const controller = await client.siwxController()
    await vi.waitFor(() => expect(controller.state.getState().status).toBe('required'))
    fake.answerOnce('signMessage', '*', rejects({ code: 4001, message: 'User rejected' }))
    await controller.sign()
    await vi.waitFor(() =>
      expect(client.snack.getState()).toMatchObject({ variant: 'error', message: 'Signature declined' }),
    )
    expect(controller.state.getState().status).toBe('required')
    expect(client.router.store.getState().view).toBe('SIWXSignMessage')
    await controller.sign()
    expect(controller.state.getState().status).toBe('signed')
  })

  it('a smart account whose signature the store refuses: This application might not support Smart Accounts', async () => {
    const store = memoryStore()
    vi.mocked(store.addSession).mockRejectedValueOnce(new Error('Signature does not match the address'))
    const { client, fake } = signInLatch({ siwx: { store } })
    fake.answer('isSmartAccount', '*', resolves(true))
    await connectThrough(client)
    const controller = await client.siwxController()
    await vi.waitFor(() => expect(controller.state.getState().status).toBe('required'))
    await controller.sign()
    await vi.waitFor(() =>
      expect(client.snack.getState().message).toBe('This application might not support Smart Accounts'),
    )
  })

  it('the embedded wallet’s Safe, not deployed yet (no code), refused: This application might not support Smart Accounts', async () => {
    const store = memoryStore()
    vi.mocked(store.addSession).mockRejectedValue(new Error('Signature does not match the address'))
    const fake = createFakeAdapter({ connectors: [connector('auth', { type: 'AUTH' })] })
    fake.adapter.formatSignInMessage = (data: SiwxMessageData) => JSON.stringify(data)
    const { client } = createTestLatch(
      { siwx: { store }, frameUrl: 'http://127.0.0.1:8789', projectId: 'demo' },
      fake,
    )
    await connectThrough(client, 'auth')
    const session = await client.frame!()
    const user = { id: 'u', email: 'a@b.c', address: ADDRESS_A, socialProvider: null, username: null }
    session.login.setState({ user: { ...user, accountType: 'smartAccount', eoaAddress: ADDRESS_B } })
    const controller = await client.siwxController()
    await vi.waitFor(() => expect(controller.state.getState().status).toBe('required'))
    await controller.sign()
    await vi.waitFor(() =>
      expect(client.snack.getState().message).toBe('This application might not support Smart Accounts'),
    )
    // Its own key's account (an EOA) refused is a declined signature; the chain is not asked for either.
    session.login.setState({ user: { ...user, accountType: 'eoa', eoaAddress: ADDRESS_A } })
    await controller.sign()
    await vi.waitFor(() => expect(client.snack.getState().message).toBe('Signature declined'))
    expect(fake.callsTo('isSmartAccount')).toEqual([])
  })

  it('a message that cannot be created: the error, disconnected, back to Connect', async () => {
    const store = memoryStore()
    vi.mocked(store.getNonce).mockRejectedValueOnce(new Error('server down'))
    const { client } = signInLatch({ siwx: { store, required: true } })
    await connectThrough(client)
    const controller = await client.siwxController()
    await vi.waitFor(() => expect(controller.state.getState().status).toBe('required'))
    await controller.sign()
    await vi.waitFor(() =>
      expect(client.snack.getState().message).toBe(
        'A problem occurred while trying initialize authentication',
      ),
    )
    expect(client.connection.getState().status).toBe('disconnected')
    expect(client.router.store.getState().view).toBe('Connect')
  })

  it('disconnect clears the sessions', async () => {
    const clearSessions = vi.fn()
    const store = memoryStore([sessionOf(ADDRESS_A, 'eip155:31337')])
    const { client } = signInLatch({ siwx: { store, clearSessions } })
    await connectThrough(client)
    const controller = await client.siwxController()
    await vi.waitFor(() => expect(controller.state.getState().status).toBe('signed'))
    await client.disconnect()
    await vi.waitFor(() => expect(store.clearSessions).toHaveBeenCalledTimes(1))
    expect(clearSessions).toHaveBeenCalledTimes(1)
    expect(controller.state.getState()).toEqual({ status: 'idle', session: undefined })
  })

  it('without siwx: SIWX is not enabled', async () => {
    const { client } = createTestLatch()
    await expect(client.siwxController()).rejects.toMatchObject({ shortMessage: 'SIWX is not enabled' })
  })
})

describe('the Latch server store (default)', () => {
  const apiUrl = 'http://latch.test'

  it('asks the server for a nonce, posts the signed message, keeps the token and lists sessions with it', async () => {
    const server = createFakeServer()
    const serverSession = {
      id: 's1',
      address: ADDRESS_A,
      chainId: 'eip155:31337',
      domain: location.host,
      uri: location.origin,
      message: 'x\nNonce: abc123\ny',
      signature: '0xsignature',
      issuedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    }
    let authorized = false
    server.handle('/v1/sessions/nonce', () => json({ nonce: 'abc123' }))
    server.handle('/v1/sessions', () => json({ token: 'tok', session: serverSession }, 201))
    server.handle(`/v1/sessions/${ADDRESS_A}`, ({ headers }) => {
      authorized = headers.authorization === 'Bearer tok'
      return authorized ? json({ sessions: [serverSession] }) : json({ error: 'Missing session token' }, 401)
    })
    vi.stubGlobal('fetch', server.fetch)
    const storage = createMemoryStorage()
    const { client } = signInLatch({ siwx: { required: true }, apiUrl, projectId: 'demo', storage })
    await connectThrough(client)
    const controller = await client.siwxController()
    await vi.waitFor(() => expect(controller.state.getState().status).toBe('required'))
    // Without a token the server is not asked.
    expect(server.to(`/v1/sessions/${ADDRESS_A}`)).toEqual([])

    await controller.sign()
    expect(server.to('/v1/sessions/nonce')[0]!.url.searchParams.get('projectId')).toBe('demo')
    expect(JSON.parse(server.to('/v1/sessions')[0]!.body!)).toEqual({
      message: expect.stringContaining('"nonce":"abc123"'),
      signature: '0xsignature',
    })
    expect(JSON.parse(storage.entries()['@latch/siwx']!)).toEqual({ [ADDRESS_A.toLowerCase()]: 'tok' })
    const sessions = await controller.getSessions()
    expect(authorized).toBe(true)
    expect(sessions).toEqual([
      expect.objectContaining({
        id: 's1',
        data: expect.objectContaining({ nonce: 'abc123', chainId: 'eip155:31337' }),
      }),
    ])

    await client.disconnect()
    await vi.waitFor(() => expect(storage.entries()['@latch/siwx']).toBeUndefined())
    vi.unstubAllGlobals()
  })

  it('a revoked token (401) reads as no session', async () => {
    const server = createFakeServer()
    server.handle(`/v1/sessions/${ADDRESS_A}`, () =>
      json({ error: 'Session token is not valid for this address' }, 401),
    )
    vi.stubGlobal('fetch', server.fetch)
    const storage = createMemoryStorage({
      '@latch/siwx': JSON.stringify({ [ADDRESS_A.toLowerCase()]: 'old' }),
    })
    const { client } = signInLatch({ siwx: {}, apiUrl, storage })
    await connectThrough(client)
    await vi.waitFor(() => expect(client.router.store.getState().view).toBe('SIWXSignMessage'))
    expect(server.to(`/v1/sessions/${ADDRESS_A}`)).toHaveLength(1)
    vi.unstubAllGlobals()
  })
})

describe('plain SIWE (ConnectingSiwe)', () => {
  it('uses the app’s nonce, verification and session, on the ConnectingSiwe view', async () => {
    let session: { address: string; chainId: number } | null = null
    const siwe = {
      required: true,
      getNonce: vi.fn(async () => 'siwe-nonce'),
      verifyMessage: vi.fn(async () => {
        session = { address: ADDRESS_A, chainId: 31337 }
        return true
      }),
      getSession: vi.fn(async () => session),
      signOut: vi.fn(async () => true),
    }
    const { client } = signInLatch({ siwe })
    await connectThrough(client)
    await vi.waitFor(() => expect(client.router.store.getState().view).toBe('ConnectingSiwe'))
    const controller = await client.siwxController()
    await controller.sign()
    expect(siwe.getNonce).toHaveBeenCalledWith(ADDRESS_A)
    expect(controller.state.getState().status).toBe('signed')
    await client.disconnect()
    await vi.waitFor(() => expect(siwe.signOut).toHaveBeenCalled())
  })

  it('a message the app refuses: Signature declined', async () => {
    const siwe = {
      getNonce: async () => 'n',
      verifyMessage: async () => false,
      getSession: async () => null,
      signOut: async () => true,
    }
    const { client } = signInLatch({ siwe })
    await connectThrough(client)
    const controller = await client.siwxController()
    await vi.waitFor(() => expect(controller.state.getState().status).toBe('required'))
    await controller.sign()
    await vi.waitFor(() => expect(client.snack.getState().message).toBe('Signature declined'))
  })
})
