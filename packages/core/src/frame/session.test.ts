// @vitest-environment happy-dom
// The page's side of the embedded wallet against a scripted frame: the channel (openFrameChannel, tested with the real
// frame in e2e/frame.spec.ts) is replaced by one whose answers each test gives.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestLatch, flush } from '../../test/fakeAdapter.ts'
import type { LatchClient } from '../createLatch.ts'
import { FrameClosedError, FrameRequestError } from './channel.ts'
import type { FrameMethod } from './protocol.ts'
import type { FrameSession } from './types.ts'

type Handler = (params: unknown) => Promise<unknown>

/** The frames opened (one per iframe the session made) and what they were asked. */
const frames: { container: HTMLElement; asked: FrameMethod[]; close: () => void; closed: boolean }[] = []
let handlers: Partial<Record<FrameMethod, Handler>> = {}

vi.mock('./channel.ts', async (original) => {
  const actual = await original<typeof import('./channel.ts')>()
  return {
    ...actual,
    openFrameChannel: async ({ container }: { container: HTMLElement }) => {
      const iframe = document.createElement('iframe')
      iframe.hidden = true
      container.append(iframe)
      const waiting = new Set<(error: Error) => void>()
      const frame = {
        container,
        asked: [] as FrameMethod[],
        closed: false,
        close() {
          frame.closed = true
          for (const reject of waiting) reject(new actual.FrameClosedError())
        },
      }
      frames.push(frame)
      return {
        iframe,
        onEvent: () => () => {},
        close: frame.close,
        request: (method: FrameMethod, params?: unknown) => {
          frame.asked.push(method)
          if (frame.closed) return Promise.reject(new actual.FrameClosedError())
          return new Promise((resolve, reject) => {
            waiting.add(reject)
            const handler = handlers[method] ?? (async () => ({}))
            handler(params).then(resolve, reject)
          })
        },
      }
    },
  }
})

afterEach(() => {
  frames.length = 0
  handlers = {}
  document.body.replaceChildren()
})

async function setUp(): Promise<{ client: LatchClient; session: FrameSession }> {
  const { client } = createTestLatch({ frameUrl: 'http://127.0.0.1:8789', projectId: 'demo' })
  const session = await client.frame!()
  return { client, session }
}

/** Plays the modal: a root holding the ApproveTransaction view's slot, handed to the session as the view does. */
function showView(session: FrameSession) {
  const root = document.createElement('dialog')
  const slot = document.createElement('div')
  root.append(slot)
  document.body.append(root)
  return { root, leave: session.show(slot, root) }
}

const deferred = <T>() => {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

describe('approvals', () => {
  it('open the modal on ApproveTransaction, move the frame into it, ask only then, and close it after', async () => {
    const { client, session } = await setUp()
    session.prepare()
    await flush()
    expect(frames[0]?.container.parentElement).toBe(document.body)
    const signed = deferred<unknown>()
    handlers.rpcRequest = () => signed.promise

    const signing = session.rpc('personal_sign', ['0x00', '0xabc'], 1)
    await flush()
    expect(client.modal.getState().open).toBe(true)
    expect(client.router.store.getState().view).toBe('ApproveTransaction')
    expect(frames[0]?.asked).not.toContain('rpcRequest')

    const { root } = showView(session)
    await vi.waitFor(() => expect(frames[1]?.asked).toContain('rpcRequest'))
    // The first frame (in the page's body) was closed; the one asked lives in the modal and is shown there.
    expect(frames[0]?.closed).toBe(true)
    expect(frames[1]?.container.parentElement).toBe(root)
    expect(frames[1]?.container.style.display).toBe('block')
    expect(session.approval.getState()).toEqual({ waiting: true })

    signed.resolve('0xsigned')
    expect(await signing).toBe('0xsigned')
    expect(frames[1]?.container.style.display).toBe('none')
    expect(client.modal.getState().open).toBe(false)
    expect(session.approval.getState()).toEqual({ waiting: false })
  })

  it('are declined (4001) when the modal closes before the view shows, and nothing is asked', async () => {
    const { client, session } = await setUp()
    const signing = session.rpc('personal_sign', ['0x00', '0xabc'], 1)
    await flush()
    client.close()
    const error = await signing.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FrameRequestError)
    expect((error as FrameRequestError).code).toBe(4001)
    expect(frames.flatMap((frame) => frame.asked)).not.toContain('rpcRequest')
  })

  it('hide the frame at once and withdraw the request when the view goes before the visitor chose', async () => {
    const { session } = await setUp()
    let decline = (_: Error) => {}
    handlers.rpcRequest = () =>
      new Promise((_, reject) => {
        decline = reject
      })
    handlers.cancelApproval = async () => {
      decline(new FrameRequestError({ code: 4001, message: 'User rejected the request' }))
      return { cancelled: true }
    }
    const signing = session.rpc('personal_sign', ['0x00', '0xabc'], 1).catch((e: unknown) => e)
    await flush()
    const view = showView(session)
    await vi.waitFor(() => expect(frames.at(-1)?.asked).toContain('rpcRequest'))
    view.leave()
    // Gone once the turn is over (StrictMode's second mount would have placed it again by then).
    await Promise.resolve()
    expect(frames.at(-1)?.container.style.display).toBe('none')
    await vi.waitFor(() => expect(frames.at(-1)?.asked).toContain('cancelApproval'))
    expect(((await signing) as FrameRequestError).code).toBe(4001)
  })

  it('survive their view mounted, unmounted and mounted again in one go (React’s StrictMode): shown, not withdrawn', async () => {
    const { client, session } = await setUp()
    const signed = deferred<unknown>()
    handlers.rpcRequest = () => signed.promise
    const signing = session.rpc('personal_sign', ['0x00', '0xabc'], 1)
    await flush()
    const root = document.createElement('dialog')
    const slot = document.createElement('div')
    root.append(slot)
    document.body.append(root)
    // StrictMode's first mount: placed, gone, placed again, all in one turn.
    session.show(slot, root)()
    const leave = session.show(slot, root)
    await vi.waitFor(() => expect(frames.at(-1)?.asked).toContain('rpcRequest'))
    expect(frames.at(-1)?.container.style.display).toBe('block')
    // Mounted twice again while shown (StrictMode does it for every new mount): still shown, never withdrawn.
    session.show(slot, root)()
    session.show(slot, root)
    await flush()
    expect(frames.at(-1)?.container.style.display).toBe('block')
    expect(frames.flatMap((frame) => frame.asked)).not.toContain('cancelApproval')
    signed.resolve('0xsigned')
    expect(await signing).toBe('0xsigned')
    expect(client.modal.getState().open).toBe(false)
    leave()
  })

  it('tells the frame to decline when the page gives up first (its wait ran out), so the frame’s screen is free', async () => {
    const { session } = await setUp()
    handlers.rpcRequest = async () => {
      throw new FrameRequestError({ code: -32603, message: 'The wallet did not answer in time' })
    }
    const signing = session.rpc('personal_sign', ['0x00', '0xabc'], 1).catch((e: unknown) => e)
    await flush()
    showView(session)
    expect(((await signing) as FrameRequestError).code).toBe(-32603)
    await vi.waitFor(() => expect(frames.at(-1)?.asked).toContain('cancelApproval'))
  })

  it('a passphrase flow in place shows over the view on screen, without ApproveTransaction', async () => {
    const { client, session } = await setUp()
    client.modal.setOpen(true)
    client.router.reset('EmailVerify')
    const view = showView(session)
    handlers.unlockRecovery = async () => ({ id: 'u', email: 'a@b.c', address: '0xabc', accountType: 'eoa' })
    expect(await session.secure('unlockRecovery', { inPlace: true })).toMatchObject({ address: '0xabc' })
    expect(client.router.store.getState().view).toBe('EmailVerify')
    view.leave()
  })

  it('one at a time: a second while one waits is refused with -32002', async () => {
    const { session } = await setUp()
    void session.rpc('personal_sign', ['0x00', '0xabc'], 1).catch(() => undefined)
    const second = await session.rpc('personal_sign', ['0x01', '0xabc'], 1).catch((e: unknown) => e)
    expect((second as FrameRequestError).code).toBe(-32002)
  })

  it('reads go to the frame without the modal, for the chain the page is on', async () => {
    const { client, session } = await setUp()
    let asked: unknown
    handlers.rpcRequest = async (params) => {
      asked = params
      return '0x1'
    }
    expect(await session.rpc('eth_getBalance', ['0xabc', 'latest'], 31337)).toBe('0x1')
    expect(asked).toEqual({ method: 'eth_getBalance', params: ['0xabc', 'latest'], chainId: 31337 })
    expect(client.modal.getState().open).toBe(false)
  })

  it('says “Action not allowed” in the modal when the frame refuses a method in neither tier', async () => {
    const { client, session } = await setUp()
    handlers.rpcRequest = async () => {
      throw new FrameRequestError({ code: 4200, message: 'Requested RPC call is not allowed' })
    }
    const refused = await session.rpc('eth_sign', ['0xabc', '0x00'], 1).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(FrameRequestError)
    expect(refused).toMatchObject({ code: 4200, shortMessage: 'Requested RPC call is not allowed' })
    expect(client.modal.getState().open).toBe(true)
    expect(client.router.store.getState().view).toBe('Account')
    expect(client.snack.getState()).toMatchObject({
      open: true,
      variant: 'error',
      message: 'Action not allowed',
    })
  })
})

describe('the channel', () => {
  it('asks again, once, a read that the frame’s move into the modal interrupted', async () => {
    const { session } = await setUp()
    const first = deferred<unknown>()
    let calls = 0
    handlers.getUser = () => (++calls === 1 ? first.promise : Promise.resolve({ id: 'u', email: 'a@b.c' }))
    const reading = session.account()
    await vi.waitFor(() => expect(frames[0]?.asked).toContain('getUser'))
    // An approval moves the frame from the page's body into the modal: the first frame closes under the read.
    void session.rpc('personal_sign', ['0x00', '0xabc'], 1).catch(() => undefined)
    await flush()
    showView(session)
    expect(await reading).toMatchObject({ email: 'a@b.c' })
    expect(frames[0]?.closed).toBe(true)
    expect(frames[1]?.asked).toContain('getUser')
    expect(session.login.getState().user?.email).toBe('a@b.c')
  })

  it('opens a new frame when the element holding the old one has left the page', async () => {
    const { session } = await setUp()
    session.prepare()
    await flush()
    frames[0]?.container.remove()
    await session.request('isConnected')
    expect(frames).toHaveLength(2)
    expect(frames[1]?.container.isConnected).toBe(true)
  })

  it('reports a frame that is not signed in as no account (4100), and other refusals as they are', async () => {
    const { session } = await setUp()
    handlers.getUser = async () => {
      throw new FrameRequestError({ code: 4100, message: 'Not logged in' })
    }
    expect(await session.account()).toBeUndefined()
    handlers.getUser = async () => {
      throw new FrameClosedError()
    }
    await expect(session.account()).rejects.toBeInstanceOf(FrameClosedError)
  })
})

describe('the e-mail login', () => {
  it('walks address → code, keeps the refusal for the view, and drops a superseded step’s late answer', async () => {
    const { client, session } = await setUp()
    const resendAt = new Date(Date.now() + 30_000).toISOString()
    handlers.connectEmail = async () => ({ action: 'VERIFY_OTP', resendAt })
    await session.sendCode('ada@example.com')
    expect(session.login.getState()).toMatchObject({
      step: 'code',
      busy: false,
      email: 'ada@example.com',
      resendAt: Date.parse(resendAt),
    })

    handlers.connectOtp = async () => {
      throw new FrameRequestError({
        code: -32000,
        message: 'Wrong code; 4 attempts left',
        data: { status: 400, reason: 'wrong' },
      })
    }
    expect(await session.verify('000000')).toBe(false)
    expect(session.login.getState().error).toEqual({
      message: 'Wrong code; 4 attempts left',
      code: -32000,
      reason: 'wrong',
    })

    // The visitor goes back while a code is being checked: its refusal, arriving later, is dropped.
    const answered = deferred<unknown>()
    handlers.connectOtp = () =>
      answered.promise.then(() => {
        throw new FrameRequestError({ code: -32000, message: 'Wrong code; 3 attempts left' })
      })
    const checking = session.verify('111111')
    await vi.waitFor(() => expect(session.login.getState().busy).toBe(true))
    client.router.reset('Connect')
    answered.resolve(undefined)
    expect(await checking).toBe(false)
    expect(session.login.getState()).toMatchObject({ step: 'email', busy: false, error: undefined })
  })
})

describe('a frame the browser gives no storage', () => {
  it('a login step it refuses for want of storage waits for the wallet’s window (asked in the modal), then is asked again', async () => {
    const { client, session } = await setUp()
    const storage = () =>
      Promise.reject(
        new FrameRequestError({
          code: 4100,
          message: 'Open your wallet’s window',
          data: { reason: 'storage' },
        }),
      )
    let windowOpened = false
    handlers.connectEmail = () =>
      windowOpened ? Promise.resolve({ action: 'VERIFY_OTP', resendAt: null }) : storage()
    handlers.openWindow = async () => {
      windowOpened = true
      return { opened: true }
    }
    client.modal.setOpen(true)
    client.router.reset('Connect')
    const sending = session.sendCode('ada@example.com')
    await vi.waitFor(() => expect(client.router.store.getState().view).toBe('ApproveTransaction'))
    const { leave } = showView(session)
    expect(await sending).toBe(true)
    expect(frames.flatMap((frame) => frame.asked)).toEqual(
      expect.arrayContaining(['connectEmail', 'openWindow', 'connectEmail']),
    )
    expect(session.login.getState()).toMatchObject({ step: 'code', error: undefined })
    // Back where the visitor was.
    expect(client.router.store.getState().view).toBe('Connect')
    leave()
  })

  it('a read refused for want of storage is no session, and asks for no window', async () => {
    const { client, session } = await setUp()
    handlers.getUser = () =>
      Promise.reject(new FrameRequestError({ code: 4100, message: 'Open it', data: { reason: 'storage' } }))
    expect(await session.account()).toBeUndefined()
    expect(frames.flatMap((frame) => frame.asked)).not.toContain('openWindow')
    expect(client.modal.getState().open).toBe(false)
  })

  it('answered from this device’s session, the address signs in without a code', async () => {
    const { session } = await setUp()
    const user = { id: 'u', email: 'ada@example.com', address: '0xabc', socialProvider: null, username: null }
    handlers.connectEmail = async () => ({
      action: 'CONNECTED',
      resendAt: null,
      user: { ...user, accountType: 'eoa' },
    })
    expect(await session.sendCode('ada@example.com')).toBe(true)
    expect(session.login.getState()).toMatchObject({ step: 'email', user: { address: '0xabc' } })
  })
})

describe('leaving the e-mail login', () => {
  it('is the router’s to say: EmailVerify shown (however often its view mounts) keeps the step; leaving it starts over', async () => {
    const { client, session } = await setUp()
    const code = deferred<unknown>()
    handlers.connectEmail = () => code.promise
    client.modal.setOpen(true)
    client.router.reset('Connect')
    const sending = session.sendCode('ada@example.com')
    client.router.push('EmailVerify')
    client.router.push('EmailVerify')
    code.resolve({ action: 'VERIFY_OTP', resendAt: null })
    await sending
    expect(session.login.getState()).toMatchObject({ step: 'code', busy: false, email: 'ada@example.com' })

    client.router.back()
    expect(client.router.store.getState().view).toBe('EmailVerify')
    expect(session.login.getState().step).toBe('code')
    client.router.back()
    expect(client.router.store.getState().view).toBe('Connect')
    expect(session.login.getState()).toMatchObject({ step: 'email', busy: false })
  })
})

describe('the account type (issue 24)', () => {
  const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const safe = '0x6A9298007f92893739cbD340402862288eB2787C'
  const userOf = (accountType: 'eoa' | 'smartAccount') => ({
    id: 'u1',
    email: 'ada@example.com',
    address: accountType === 'eoa' ? owner : safe,
    eoaAddress: owner,
    socialProvider: null,
    username: null,
    accountType,
  })

  it('tells every frame the app’s account type before anything else (SPEC §7: smart account setup)', async () => {
    const told: unknown[] = []
    handlers.initSmartAccount = async (params) => {
      told.push(params)
      return null
    }
    const { client } = createTestLatch({
      frameUrl: 'http://127.0.0.1:8789',
      projectId: 'demo',
      defaultAccountTypes: { eip155: 'eoa' },
    })
    await (await client.frame!()).request('isConnected')
    expect(frames[0]?.asked).toEqual(['initSmartAccount', 'isConnected'])
    expect(told).toEqual([{ type: 'eoa' }])
    // The SPEC's default: the smart account.
    const { session } = await setUp()
    await session.request('isConnected')
    expect(told.at(-1)).toEqual({ type: 'smartAccount' })
  })

  it('while the embedded wallet is connected, the account store follows its type and its Safe’s deployment; a switch is the frame’s', async () => {
    let code = '0x'
    const asked: unknown[] = []
    handlers.getUser = async () => userOf('smartAccount')
    handlers.rpcRequest = async (params) => {
      asked.push(params)
      return code
    }
    handlers.setPreferredAccount = async (params) => userOf((params as { type: 'eoa' }).type)
    const { client, session } = await setUp()
    client.connection.setState({
      status: 'connected',
      connections: { eip155: { connectorId: 'latch-email', connectorType: 'AUTH' } },
    })
    client.accounts.update('eip155', {
      address: safe,
      caipAddress: `eip155:31337:${safe}`,
      preferredAccountTypes: { eip155: 'eoa' },
    })
    await session.account()
    await vi.waitFor(() => expect(asked).toHaveLength(1))
    expect(asked[0]).toEqual({ method: 'eth_getCode', params: [safe, 'latest'], chainId: 31337 })
    expect(client.accounts.get('eip155')).toMatchObject({
      preferredAccountTypes: { eip155: 'smartAccount' },
      smartAccountDeployed: false,
    })

    // Deployed (its first operation, made elsewhere): read again when the account is on another chain.
    code = '0x6080'
    client.accounts.update('eip155', { caipAddress: `eip155:31338:${safe}` })
    await vi.waitFor(() => expect(client.accounts.get('eip155').smartAccountDeployed).toBe(true))

    // Switch to the EOA: the frame's answer is the account; the store follows, an EOA is never "deployed".
    expect(await session.setAccountType('eoa')).toMatchObject({ address: owner, accountType: 'eoa' })
    client.accounts.update('eip155', { address: owner, caipAddress: `eip155:31338:${owner}` })
    await vi.waitFor(() =>
      expect(client.accounts.get('eip155')).toMatchObject({
        preferredAccountTypes: { eip155: 'eoa' },
        smartAccountDeployed: false,
      }),
    )
  })
  it('a read of the account asked before a switch and answered after it does not undo the switch', async () => {
    const stale = deferred<unknown>()
    handlers.getUser = () => stale.promise
    handlers.setPreferredAccount = async (params) => userOf((params as { type: 'eoa' }).type)
    const { session } = await setUp()
    session.signedIn(userOf('smartAccount'))
    // Something asks for the account (the wallet's eth_accounts); the visitor switches before the frame answers it.
    const reading = session.account()
    await vi.waitFor(() => expect(frames.flatMap((frame) => frame.asked)).toContain('getUser'))
    await session.setAccountType('eoa')
    stale.resolve(userOf('smartAccount'))
    expect(await reading).toMatchObject({ address: owner, accountType: 'eoa' })
    expect(session.login.getState().user).toMatchObject({ address: owner, accountType: 'eoa' })
    // A read asked after the switch is the frame's word again.
    handlers.getUser = async () => userOf('smartAccount')
    expect(await session.account()).toMatchObject({ address: safe })
    expect(session.login.getState().user?.accountType).toBe('smartAccount')
  })

  it('a read of the account asked before a sign-out and answered after it does not sign the visitor back in', async () => {
    const stale = deferred<unknown>()
    handlers.getUser = () => stale.promise
    handlers.signOut = async () => null
    const { session } = await setUp()
    session.signedIn(userOf('smartAccount'))
    const reading = session.account()
    await vi.waitFor(() => expect(frames.flatMap((frame) => frame.asked)).toContain('getUser'))
    await session.signOut()
    stale.resolve(userOf('smartAccount'))
    expect(await reading).toBeUndefined()
    expect(session.login.getState().user).toBeUndefined()
  })

  it('calls that deploy the Safe: its deployment is read again once their status says they are mined', async () => {
    let code = '0x'
    let status = 100
    const codeReads: unknown[] = []
    handlers.getUser = async () => userOf('smartAccount')
    handlers.rpcRequest = async (params) => {
      const { method } = params as { method: string }
      if (method === 'eth_getCode') {
        codeReads.push(params)
        return code
      }
      return { status, atomic: true, receipts: [] }
    }
    const { client, session } = await setUp()
    client.connection.setState({
      status: 'connected',
      connections: { eip155: { connectorId: 'latch-email', connectorType: 'AUTH' } },
    })
    client.accounts.update('eip155', { address: safe, caipAddress: `eip155:31337:${safe}` })
    await session.account()
    await vi.waitFor(() => expect(codeReads).toHaveLength(1))

    // Sent meanwhile (wallet_sendCalls answers at once): pending, nothing to read yet; then mined.
    code = '0x6080'
    await session.rpc('wallet_getCallsStatus', ['0xcalls'], 31337)
    expect(codeReads).toHaveLength(1)
    status = 200
    await session.rpc('wallet_getCallsStatus', ['0xcalls'], 31337)
    await vi.waitFor(() => expect(client.accounts.get('eip155').smartAccountDeployed).toBe(true))
    expect(codeReads).toHaveLength(2)
  })
})
