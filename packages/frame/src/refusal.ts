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

/** SPEC §8's message for a failure that has no message of its own for the visitor. */
export const SOMETHING_WENT_WRONG = 'Something went wrong'

/**
 * What the page is told of a failure: a refusal as it was made; anything else (a bug, the browser refusing storage, a
 * library's exception) as -32603 with SPEC §8's 'Something went wrong'. Its own text goes to this frame's console
 * only: the page is another origin, and an exception's words are no message for a visitor.
 */
export function answerOf(error: unknown, method: string): FrameError {
  if (error instanceof Refusal) return error.error
  console.error(`Latch wallet: ${method} failed`, error)
  return { code: -32603, message: SOMETHING_WENT_WRONG }
}
