// The messages between a page and the embedded wallet's frame (SPEC §7). Two are posted between the windows, each
// to one exact origin: the frame's `ready` once it has loaded, and the page's `connect`, which hands the frame one
// end of a MessageChannel. Everything else travels on that channel: requests with random ids, each answered once.

export const FRAME_PROTOCOL = 'latch-frame'
export const FRAME_PROTOCOL_VERSION = 1

/** Frame → page, posted to the page's origin (the frame knows it from its server, never from a message). */
export interface FrameReady {
  protocol: typeof FRAME_PROTOCOL
  type: 'ready'
  version: number
}

/** Page → frame, posted to the frame's origin with the channel's port. */
export interface FrameConnect {
  protocol: typeof FRAME_PROTOCOL
  type: 'connect'
  version: number
}

/**
 * What a page may ask the frame (SPEC §7: connect e-mail, one-time code, social, Farcaster, get user, sign out, is
 * connected, get chain id, RPC request, update e-mail, sync theme, smart account setup, preferred account type; SPEC's
 * "device", a wait for a new device's mailed link, is gone: the login answers a new device as it answers a new
 * address, so that nobody learns which addresses have accounts (the link comes first in the mail, then the code);
 * `resendOtp` asks for a new code of the login in progress, `updateEmailVerify` takes the codes mailed to the
 * current and the new address, `cancelApproval` declines the approval on screen when the page stops showing it; `connectSocial` answers
 * the provider's address for the popup the page opened, `completeSocial` waits for the popup's outcome, which reaches
 * the frame alone, and `cancelSocial` gives it up (the popup closed, or 45 s passed); `connectFarcaster` answers a
 * Farcaster code (a `farcaster://connect` URI), `completeFarcaster` waits for the visitor's Farcaster app to answer
 * it, `cancelFarcaster` gives it up; `connectTelegram` answers Telegram's login page for the page to go to (Telegram allows
 * no popup), and `completeTelegram` trades the proof the way back carried for the session;
 * `unlockRecovery` and `setRecoveryPassphrase` take the recovery passphrase in the frame's own form, shown as an
 * approval is; `openWindow`, shown the same way, asks the visitor to open the wallet's own window when the browser
 * gives the frame no storage: a request that needs it is refused until then with 4100 and reason `storage`).
 * The frame answers a method it does not serve with code 4200.
 */
export type FrameMethod =
  | 'connectEmail'
  | 'connectOtp'
  | 'resendOtp'
  | 'connectSocial'
  | 'completeSocial'
  | 'cancelSocial'
  | 'connectFarcaster'
  | 'completeFarcaster'
  | 'cancelFarcaster'
  | 'connectTelegram'
  | 'completeTelegram'
  | 'getUser'
  | 'signOut'
  | 'isConnected'
  | 'getChainId'
  | 'rpcRequest'
  | 'cancelApproval'
  | 'updateEmail'
  | 'updateEmailVerify'
  | 'syncTheme'
  | 'initSmartAccount'
  | 'setPreferredAccount'
  | 'unlockRecovery'
  | 'setRecoveryPassphrase'
  | 'openWindow'

export interface FrameRequest {
  /** Random (crypto.randomUUID): an answer names the request it settles. */
  id: string
  method: FrameMethod
  params?: unknown
}

export interface FrameError {
  /** EIP-1193 / JSON-RPC codes: 4001 rejected, 4100 unauthorized, 4200 unsupported, -32602 bad params… */
  code: number
  message: string
  /** What a view needs besides the message: for a refused code, the server's status, reason and wait. */
  data?: unknown
}

export type FrameResponse = { id: string; result: unknown } | { id: string; error: FrameError }

/**
 * Frame → page on the channel, unasked: `show` when the frame draws an approval, `hide` when it is done. The page
 * does not wait for them: it shows the frame in the modal (ApproveTransaction, 360 × 600) before it sends a request
 * that needs approval, as the frame must already be in the modal to draw it (moving an iframe reloads it).
 */
export interface FrameEvent {
  event: 'show' | 'hide'
}

/**
 * The embedded wallet's RPC tiers (SPEC §6). Reads go to the chain; signing and sending run only once the visitor
 * approves them inside the frame; anything else is refused: 'Requested RPC call is not allowed'.
 */
export const frameReadMethods: ReadonlySet<string> = new Set([
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_sendRawTransaction',
  'net_version',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
])

export const frameApprovalMethods: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
])

/** The requests that write a login's session and key, or the visitor's account type, on this device. */
const keepingMethods: ReadonlySet<FrameMethod> = new Set([
  'connectEmail',
  'connectOtp',
  'connectSocial',
  'completeSocial',
  'connectTelegram',
  'completeTelegram',
  'connectFarcaster',
  'completeFarcaster',
  'setPreferredAccount',
])

/**
 * Whether a request writes what this device keeps: a login's session and key, the visitor's account type, or (a
 * sign-out that forgets the device) their removal. A frame the browser gives no storage of its own refuses it with
 * 4100 and reason `storage` until the wallet's own window is open, rather than lose what it writes; the page then
 * asks the visitor to open that window, and asks again. The one list both sides read.
 */
export function keepsOnDevice(method: FrameMethod, params?: unknown): boolean {
  if (method === 'signOut') return (params as { forgetDevice?: unknown } | undefined)?.forgetDevice === true
  return keepingMethods.has(method)
}

/** SPEC §6's refusal of a method in neither tier; the modal shows 'Action not allowed'. */
export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed'

/** Whether a window message is the protocol's `type` message (any other data is ignored, never thrown on). */
export function isFrameMessage<T extends FrameReady | FrameConnect>(
  data: unknown,
  type: T['type'],
): data is T {
  if (typeof data !== 'object' || data === null) return false
  const message = data as Partial<FrameReady>
  return message.protocol === FRAME_PROTOCOL && message.type === type && typeof message.version === 'number'
}
