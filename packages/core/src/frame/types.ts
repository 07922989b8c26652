// The embedded wallet's session as the client's parts see it: its login, its account and its requests. Its one
// implementation, session.ts, is a chunk of its own (loaded on the visitor's first intent); what needs only its shape
// imports it from here.
import type { Store } from '../state/store.ts'
import type { FrameMethod } from './protocol.ts'

/** The embedded wallet's account, as the frame reports it. */
export interface FrameUser {
  id: string
  /** Null for an account a social login without a verified e-mail made. */
  email: string | null
  address: string | null
  /** The social login of this session (google, github…), null for an e-mail login, and the handle it gave. */
  socialProvider: string | null
  username: string | null
  /** The account in use (SPEC §3): the key's own (`eoa`), or its Safe (`smartAccount`, the default for eip155). */
  accountType: 'eoa' | 'smartAccount'
  /** The key's own address (the EOA); `address` is the Safe's when the account is the smart account. */
  eoaAddress?: string | null
}

/** A refusal as a view shows it: the message, and for a code the server's reason (wrong, expired, used, locked…). */
export interface FrameFailure {
  message: string
  code: number
  reason?: string | undefined
}

export interface EmailLoginState {
  /** Where the login is: the address to enter, or the code to type. */
  step: 'email' | 'code'
  /** A request to the frame is on its way. */
  busy: boolean
  email: string | undefined
  /** When a new code may be asked for (epoch ms). */
  resendAt: number | undefined
  /** The last refusal, until the next attempt. */
  error: FrameFailure | undefined
  /** The signed-in account, once the frame has reported it. */
  user: FrameUser | undefined
}

export interface FrameSession {
  readonly login: Store<EmailLoginState>
  /**
   * Keeps `user` as the one signed in: the login's, and the account's `user` and `socialProvider` (SPEC §2).
   */
  signedIn(user: FrameUser): void
  /** Whether a request waits for the visitor's approval in the frame (ApproveTransaction shows it). */
  readonly approval: Store<{ waiting: boolean }>
  /** Loads the frame (on the visitor's first intent), inside `root` (the modal) when given. Never rejects. */
  prepare(root?: HTMLElement): void
  /**
   * Mails a code to `email` (or, on a device new to the account, a link to approve it, then the code); when this device
   * holds that address's session already, signs in at once (`login.user`). Never rejects: resolves with whether the
   * step went through and is still the login's (a refusal is kept in `login.error`).
   */
  sendCode(email: string): Promise<boolean>
  /** Asks for a new code of the login in progress (settles as `sendCode` does). */
  resend(): Promise<boolean>
  /** Checks the code; resolves with whether it was accepted (the frame then holds the account's session). */
  verify(code: string): Promise<boolean>
  /** The signed-in account (kept in `login.user`), or undefined when the frame holds no session. */
  account(): Promise<FrameUser | undefined>
  /**
   * Switches the account to the key's own (`eoa`) or its Safe (`smartAccount`), remembered for the account on this
   * device: the account the frame then uses (the wallet's accountsChanged follows).
   */
  setAccountType(type: 'eoa' | 'smartAccount'): Promise<FrameUser>
  /** Ends the frame's session; `forgetDevice` also drops this device's share (a next login is a new device's). */
  signOut(forgetDevice?: boolean): Promise<void>
  /**
   * An EIP-1193 request to the embedded wallet on `chainId`; those that need approval show the frame in the modal
   * first. A method in neither of SPEC §6's tiers is refused by the frame (4200, 'Requested RPC call is not
   * allowed'), and the modal says 'Action not allowed'.
   */
  rpc(method: string, params: unknown, chainId: number): Promise<unknown>
  /**
   * A request the visitor answers in the frame's own form (the recovery passphrase), shown as approvals are: in
   * ApproveTransaction titled `title`, or `inPlace` over the view on screen, which shows the frame's place itself
   * (EmailVerify's passphrase step). Rejects with 4001 when the visitor cancels.
   */
  secure<T = unknown>(
    method: 'unlockRecovery' | 'setRecoveryPassphrase',
    show?: { title?: string; inPlace?: boolean },
  ): Promise<T>
  /** Any other frame request (get user, update e-mail…); RPC requests go through `rpc`, which shows approvals. */
  request<T = unknown>(
    method: Exclude<
      FrameMethod,
      'rpcRequest' | 'cancelApproval' | 'unlockRecovery' | 'setRecoveryPassphrase'
    >,
    params?: unknown,
    timeoutMs?: number,
  ): Promise<T>
  /**
   * The ApproveTransaction view's place for the frame: the frame is laid over `slot` (inside `root`, the modal)
   * while an approval runs. Returns the view's goodbye: an approval still open when the view goes is declined.
   */
  show(slot: HTMLElement, root: HTMLElement): () => void
  close(): void
}
