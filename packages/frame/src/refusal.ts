import type { FrameError } from '@latch/core/frame'

/** A refusal the page sees: the server's message, and what it means for the view (wrong, expired, locked…). */
export class Refusal extends Error {
  constructor(readonly error: FrameError) {
    super(error.message)
  }
}

export const notLoggedIn = () => new Refusal({ code: 4100, message: 'Not logged in' })

/** EIP-1193's 4001: the visitor said no (Reject, Escape, the page closing the approval, or its deadline). */
export const rejected = () => new Refusal({ code: 4001, message: 'User rejected the request' })
