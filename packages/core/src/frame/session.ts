// The page's side of the embedded wallet, one per client and a chunk of its own: it loads the frame when the visitor
// first acts (focus on the e-mail field, or a reconnect of an e-mail account), walks the e-mail login (address,
// new device's link, code), and shows the frame inside the modal (ApproveTransaction) for every request that needs
// the visitor's approval. The frame holds the keys; this side only asks and shows.
import type { ClientContext } from '../client/context.ts'
import { BaseError } from '../errors/BaseError.ts'
import { createStore } from '../state/store.ts'
import { type FrameChannel, FrameClosedError, FrameRequestError, openFrameChannel } from './channel.ts'
import { type FrameMethod, frameApprovalMethods, keepsOnDevice, RPC_NOT_ALLOWED } from './protocol.ts'
import type { EmailLoginState, FrameFailure, FrameSession, FrameUser } from './types.ts'

/** Where a view wants the frame shown: its slot, inside the modal's root. */
interface Placement {
  slot: HTMLElement
  root: HTMLElement
}

/** How long the modal may take to show its place for the frame before an approval gives up. */
export const APPROVAL_SHOW_MS = 10_000
/** The frame declines an unanswered approval after 5 minutes; the page waits a little longer for that answer. */
const APPROVAL_WAIT_MS = 5 * 60_000 + 30_000

/** Why the frame refused (its `data.reason`: wrong, expired, storage…), when it said. */
const reasonOf = (error: unknown): string | undefined => {
  const reason =
    error instanceof FrameRequestError && (error.data as { reason?: unknown } | undefined)?.reason
  return typeof reason === 'string' ? reason : undefined
}

const failureOf = (error: unknown): FrameFailure => ({
  message: error instanceof BaseError ? error.shortMessage : 'The wallet could not be reached',
  code: error instanceof FrameRequestError ? error.code : -32603,
  reason: reasonOf(error),
})

const resendTime = (answer: { resendAt?: string | null }) =>
  answer.resendAt ? Date.parse(answer.resendAt) : undefined

export function createFrameSession(context: ClientContext): FrameSession {
  const { frameUrl, projectId } = context.options
  const login = createStore<EmailLoginState>({
    step: 'email',
    busy: false,
    email: undefined,
    resendAt: undefined,
    error: undefined,
    user: undefined,
  })
  let root: HTMLElement | undefined
  let host: HTMLElement | undefined
  let opening: Promise<FrameChannel> | undefined
  let closed = false
  /** Where the ApproveTransaction view wants the frame, and the approval waiting for it (one at a time). */
  let placement: Placement | undefined
  let placed = () => {}
  const approval = createStore({ waiting: false })
  /** Hides the frame shown for the approval in progress (a no-op when none is shown), and where it is shown. */
  let conceal = () => {}
  let revealed: Placement | undefined

  /** The channel, opened once (again after a failure, after its element left the page, or to move it). */
  function channel(): Promise<FrameChannel> {
    if (closed) return Promise.reject(new FrameClosedError())
    if (!frameUrl || !projectId)
      return Promise.reject(
        new BaseError('E-mail login is not configured', {
          details: 'Set the frameUrl and projectId options to use the embedded wallet.',
        }),
      )
    // Its element left the page (the modal holding it was unmounted): that frame is gone; open another.
    if (opening && host && !host.isConnected) drop()
    if (!opening) {
      const parent = root?.isConnected ? root : document.body
      const element = parent.ownerDocument.createElement('div')
      element.className = 'latch-frame'
      // Over the modal's content (which comes later in the dialog) when shown.
      Object.assign(element.style, { position: 'absolute', display: 'none', overflow: 'hidden', zIndex: '1' })
      parent.append(element)
      host = element
      const opened = openFrameChannel({ frameUrl, projectId, container: element }).then(async (frame) => {
        Object.assign(frame.iframe.style, { border: '0', width: '100%', height: '100%', display: 'block' })
        // Smart account setup, before anything else is asked: the app's account type for eip155 (SPEC §3), which
        // the frame uses for whoever has not chosen theirs. Every frame is told (a moved one starts over).
        const type = context.options.defaultAccountTypes.eip155
        await frame.request('initSmartAccount', { type: type === 'eoa' ? 'eoa' : 'smartAccount' })
        return frame
      })
      opened.catch(() => {
        element.remove()
        if (opening === opened) {
          opening = undefined
          host = undefined
        }
      })
      opening = opened
    }
    return opening
  }

  /** Forgets the channel and its element (a later call opens a new one); the old frame is closed once it is up. */
  function drop() {
    const [previous, element] = [opening, host]
    opening = undefined
    host = undefined
    element?.remove()
    previous?.then(
      (frame) => frame.close(),
      () => undefined,
    )
  }

  /** Moves the frame into `next` (the modal), reloading it there: an iframe moved in the document starts over. */
  async function moveInto(next: HTMLElement): Promise<void> {
    root = next
    if (!host || !next.contains(host)) drop()
    await channel()
  }

  /**
   * Asks the frame. A request the frame's move into the modal interrupted (FrameClosedError) is asked once more of
   * the new frame: reads only, as approvals are sent after the move. A login step the visitor started that the frame
   * refuses for want of storage (the browser gives a frame on another site none) waits for the wallet's own window,
   * which the frame asks the visitor to open in the modal, and is asked again.
   */
  async function request<T>(method: FrameMethod, params?: unknown, timeoutMs?: number): Promise<T> {
    const ask = async () =>
      (await channel()).request<T>(method, params, timeoutMs === undefined ? {} : { timeoutMs })
    return ask().catch(async (error: unknown) => {
      if (error instanceof FrameClosedError && !closed) return ask()
      if (reasonOf(error) !== 'storage' || !keepsOnDevice(method, params)) throw error
      await approve(() => request('openWindow', undefined, APPROVAL_WAIT_MS), { title: 'Your Wallet' })
      return ask()
    })
  }

  /** The login step running now: an earlier one's late answer (the visitor went back, or started over) is dropped. */
  let latestStep = 0

  /**
   * Runs a login step: busy meanwhile, its refusal kept for the view; never rejects. `run` changes the login only
   * while `current()`: while no later step or restart has replaced it.
   */
  async function step(run: (current: () => boolean) => Promise<void>): Promise<boolean> {
    const mine = ++latestStep
    const current = () => mine === latestStep
    login.setState({ busy: true, error: undefined })
    try {
      await run(current)
      return current()
    } catch (error) {
      if (current()) login.setState({ error: failureOf(error) })
      return false
    } finally {
      if (current()) login.setState({ busy: false })
    }
  }

  /** Back to the address: whatever step was running, its late answer changes nothing. */
  function restart() {
    latestStep++
    login.setState({ step: 'email', busy: false, error: undefined, resendAt: undefined })
  }

  // Leaving EmailVerify (Back, Start over, the modal opened anew) leaves the login, as a visitor expects: a login
  // elsewhere than its view starts over. The router says so, not the view's unmount: React's StrictMode unmounts
  // and mounts a view again on its first render.
  const stopFollowingRouter = context.router.store.subscribe(() => {
    if (context.router.store.getState().view !== 'EmailVerify' && login.getState().step !== 'email') restart()
  })

  /** The visitor closed the modal (or left the view) before approving: declined, as Reject would. */
  const declined = () => new FrameRequestError({ code: 4001, message: 'User rejected the request' })

  /** Waits for the ApproveTransaction view's place; declined if the modal closes first, bounded otherwise. */
  function waitForPlacement(): Promise<void> {
    return new Promise((resolve, reject) => {
      const settle = (error?: Error) => {
        placed = () => {}
        clearTimeout(timer)
        stopWatching()
        if (error) reject(error)
        else resolve()
      }
      const timer = setTimeout(
        () =>
          settle(
            new BaseError('The approval could not be shown', {
              details: `ApproveTransaction was not shown within ${APPROVAL_SHOW_MS} ms.`,
            }),
          ),
        APPROVAL_SHOW_MS,
      )
      const stopWatching = context.modal.subscribe(() => {
        if (!context.modal.getState().open) settle(declined())
      })
      placed = settle
      if (placement) settle()
    })
  }

  /** Lays the frame over the view's slot, and keeps it there as the modal's layout changes. */
  function reveal(where: Placement): () => void {
    const element = host
    // Set by the move that comes first: were it gone, the approval fails here rather than wait unseen.
    if (!element) throw new BaseError('The wallet could not be shown')
    const view = where.root.ownerDocument.defaultView
    if (view?.getComputedStyle(where.root).position === 'static') where.root.style.position = 'relative'
    const place = () => {
      const outer = where.root.getBoundingClientRect()
      const inner = where.slot.getBoundingClientRect()
      Object.assign(element.style, {
        top: `${inner.top - outer.top - where.root.clientTop}px`,
        left: `${inner.left - outer.left - where.root.clientLeft}px`,
        width: `${inner.width}px`,
        height: `${inner.height}px`,
      })
    }
    place()
    element.style.display = 'block'
    const iframe = element.querySelector('iframe')
    if (iframe) {
      iframe.hidden = false
      // The keyboard goes to the frame, whose approval takes it (its title first; Tab reaches its buttons).
      iframe.focus()
    }
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : undefined
    observer?.observe(where.slot)
    observer?.observe(where.root)
    view?.addEventListener('resize', place)
    return () => {
      observer?.disconnect()
      view?.removeEventListener('resize', place)
      element.style.display = 'none'
      if (iframe) iframe.hidden = true
    }
  }

  /**
   * Shows the frame in the modal (ApproveTransaction, over the view the visitor was on or in a modal opened for it)
   * while `run` asks for an approval; back, or closed, when it settles.
   */
  async function approve<T>(
    run: () => Promise<T>,
    { title, inPlace }: { title?: string; inPlace?: boolean } = {},
  ): Promise<T> {
    const { modal, router } = context
    if (approval.getState().waiting)
      throw new FrameRequestError({
        code: -32002,
        message: 'Another request is waiting for your approval in the wallet',
      })
    approval.setState({ waiting: true })
    // The frame goes over the modal's body: a message from before (its snackbar) would be under it, unread.
    context.snack.hide()
    const wasOpen = modal.getState().open
    // A view that shows the frame's place itself (EmailVerify's passphrase step) keeps the screen.
    const navigate = !inPlace
    const data = title ? { title } : {}
    if (navigate && wasOpen) router.push('ApproveTransaction', data)
    else if (navigate) {
      router.reset('ApproveTransaction', data)
      modal.setOpen(true)
    }
    try {
      await waitForPlacement()
      // The view in place now: the one that ended the wait may have been mounted again since (StrictMode).
      const where = placement
      // Gone again in the turn that placed it (a real unmount), or while the frame moved: nothing is shown, and the
      // frame is told so.
      if (!where) throw declined()
      await moveInto(where.root)
      if (placement !== where) throw declined()
      conceal = reveal(where)
      revealed = where
      return await run()
    } catch (error) {
      // The page gave up first (its wait ran out, the channel failed): the frame may still show the request, and
      // would hold its screen; it is told to decline.
      const code = error instanceof FrameRequestError ? error.code : undefined
      if (code !== 4001 && code !== -32002) request('cancelApproval').catch(() => undefined)
      throw error
    } finally {
      approval.setState({ waiting: false })
      revealed = undefined
      conceal()
      conceal = () => {}
      if (navigate && router.store.getState().view === 'ApproveTransaction') {
        if (wasOpen) router.back()
        else context.closeModal()
      }
    }
  }

  /**
   * The account store's part the embedded wallet's account decides (its type, its Safe's deployment): a chunk of its
   * own (account.ts), started with the first signed-in account; `sent` re-reads the deployment after a send.
   */
  let following: Promise<{ sent(): void }> | undefined
  const followAccount = () => {
    following ??= import('./account.ts').then(({ followAccount }) =>
      followAccount(context, { login, rpc: (method, params, chainId) => rpc(method, params, chainId) }),
    )
    return following
  }

  function rpc(method: string, params: unknown, chainId: number): Promise<unknown> {
    const send = () => request('rpcRequest', { method, params, chainId }, APPROVAL_WAIT_MS)
    const asked = (frameApprovalMethods.has(method) ? approve(send) : send()).then((answer) => {
      // What it sent may have deployed the account's Safe, once mined: a transaction when it answers, calls when
      // their status says so (wallet_sendCalls answers before).
      if (method === 'eth_sendTransaction' || (answer as { status?: unknown } | null)?.status === 200)
        void following?.then((account) => account.sent())
      return answer
    })
    return asked.catch((error: unknown) => {
      // A method in neither tier, refused by the frame: as the peers do, the modal opens (on the account) to say
      // so, as nothing else on the page would.
      if (error instanceof FrameRequestError && error.shortMessage === RPC_NOT_ALLOWED) {
        if (!context.modal.getState().open) {
          context.router.reset('Account')
          context.modal.setOpen(true)
        }
        context.snack.show('error', 'Action not allowed')
      }
      throw error
    })
  }

  function signedIn(user: FrameUser) {
    login.setState({ user })
    void followAccount()
    context.accounts.update('eip155', {
      user: {
        ...(user.email ? { email: user.email } : {}),
        ...(user.username ? { username: user.username } : {}),
      },
      socialProvider: user.socialProvider ?? undefined,
    })
  }

  return {
    login,
    signedIn,
    approval,
    prepare(next) {
      if (next && !root) root = next
      channel().catch((error: unknown) => context.debug('the wallet frame failed to load', error))
    },
    sendCode(email) {
      login.setState({ email, step: 'email', resendAt: undefined })
      return step(async (current) => {
        const answer = await request<{ action: string; resendAt: string | null; user?: FrameUser }>(
          'connectEmail',
          { email },
        )
        // This device holds that address's session already (kept by the wallet's window): signed in, no code.
        if (answer.user) signedIn(answer.user)
        else if (current()) login.setState({ step: 'code', resendAt: resendTime(answer) })
      })
    },
    resend: () =>
      step(async (current) => {
        const answer = await request<{ resendAt: string | null }>('resendOtp')
        if (current()) login.setState({ resendAt: resendTime(answer) })
      }),
    verify: (code) =>
      step(async (current) => {
        const user = await request<FrameUser>('connectOtp', { otp: code })
        // The frame holds the session now, whatever the view did meanwhile.
        signedIn(user)
        if (current()) login.setState({ step: 'email', resendAt: undefined })
      }),
    async account() {
      const asked = login.getState().user
      // 4100: the frame holds no session.
      const user = await request<FrameUser>('getUser').catch((error: unknown) => {
        if (!(error instanceof FrameRequestError && error.code === 4100)) throw error
        return undefined
      })
      // The user changed while the frame answered (a switch of the account type, a sign-out): that change stands.
      if (login.getState().user !== asked) return login.getState().user
      if (user) signedIn(user)
      else login.setState({ user })
      return user
    },
    async setAccountType(type) {
      const user = await request<FrameUser>('setPreferredAccount', { type })
      signedIn(user)
      return user
    },
    async signOut(forgetDevice = false) {
      await request('signOut', { forgetDevice })
      login.setState({ user: undefined })
    },
    rpc,
    secure: (method, show) => approve(() => request(method, undefined, APPROVAL_WAIT_MS), show),
    request,
    show(slot, next) {
      const mine = { slot, root: next }
      placement = mine
      placed()
      // A new place for the approval on screen (its view drawn anew): the frame follows it there.
      if (revealed && revealed.slot !== slot && host && next.contains(host)) {
        conceal()
        conceal = reveal(mine)
        revealed = mine
      }
      // The view's goodbye counts once the turn is over: React's StrictMode unmounts a new view and mounts it again
      // at once, and the second mount's place replaces the first's.
      return () =>
        queueMicrotask(() => {
          if (placement !== mine) return
          placement = undefined
          // The view went while its approval was open (the modal closed, or Back): the frame goes from sight, and
          // the request is declined (the frame refuses it even if its approval is not drawn yet).
          conceal()
          conceal = () => {}
          revealed = undefined
          if (approval.getState().waiting) request('cancelApproval').catch(() => undefined)
        })
    },
    close() {
      closed = true
      stopFollowingRouter()
      drop()
    },
  }
}
