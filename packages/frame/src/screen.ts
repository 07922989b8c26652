// What the frame shows the visitor, one thing at a time: an approval or the passphrase form, never one drawn over
// the other (a page that asked for both would otherwise choose which the visitor answers).
import { Refusal } from './refusal.ts'

let taken = false

/** Whether something is on the screen (a request that would draw is refused meanwhile). */
export const screenTaken = () => taken

/** Takes the screen; refuses (-32002) while something else is on it. Give it back with `freeScreen`. */
export function takeScreen(): void {
  if (taken)
    throw new Refusal({ code: -32002, message: 'Another request is waiting for your approval in the wallet' })
  taken = true
}

export const freeScreen = () => {
  taken = false
}
