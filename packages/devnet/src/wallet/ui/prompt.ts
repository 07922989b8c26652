import type { ApprovalRequest } from '../types.ts'
import { h, mountPoint, uniqueId } from './dom.ts'
import {
  bodyStyle,
  buttonRowStyle,
  detailsStyle,
  detailTermStyle,
  detailValueStyle,
  dialogStyle,
  headingStyle,
  primaryButtonStyle,
  secondaryButtonStyle,
} from './styles.ts'

export interface Prompter {
  /** Shows one approval prompt at a time; resolves true on Approve, false on Reject, Esc or close. */
  ask(request: ApprovalRequest): Promise<boolean>
  /** Closes the open prompt and answers every waiting one with false. */
  destroy(): void
}

/**
 * Creates the approval prompts: modal `<dialog>`s, so one opened above the dapp's own modal dialog sits
 * on top of it and stays interactive.
 *
 * @example
 * const approved = await createPrompter().ask({ title: 'Sign message', details: [], body: 'hello' })
 */
export function createPrompter(): Prompter {
  let queue: Promise<unknown> = Promise.resolve()
  let destroyed = false
  let closeOpen: (() => void) | undefined

  const show = (request: ApprovalRequest) =>
    new Promise<boolean>((resolve) => {
      if (destroyed) return resolve(false)
      const headingId = uniqueId('devwallet-prompt-title')
      const reject = h('button', { attrs: { type: 'button' }, style: secondaryButtonStyle, text: 'Reject' })
      const approve = h('button', { attrs: { type: 'button' }, style: primaryButtonStyle, text: 'Approve' })
      const details = h(
        'dl',
        { style: detailsStyle },
        request.details.flatMap(({ label, value }) => [
          h('dt', { style: detailTermStyle, text: label }),
          h('dd', { style: detailValueStyle, text: value }),
        ]),
      )
      const dialog = h(
        'dialog',
        { attrs: { 'aria-labelledby': headingId, 'data-testid': 'devwallet-prompt' }, style: dialogStyle },
        [
          h('h2', { attrs: { id: headingId }, style: headingStyle, text: request.title }),
          details,
          ...(request.body === undefined
            ? []
            : [
                h('pre', {
                  attrs: { 'aria-label': 'Message', tabindex: '0' },
                  style: bodyStyle,
                  text: request.body,
                }),
              ]),
          h('div', { style: buttonRowStyle }, [reject, approve]),
        ],
      )

      let answered = false
      const answer = (approved: boolean) => {
        if (answered) return
        answered = true
        closeOpen = undefined
        if (dialog.open) dialog.close()
        dialog.remove()
        resolve(approved)
      }
      approve.addEventListener('click', () => answer(true))
      reject.addEventListener('click', () => answer(false))
      // Esc fires `cancel` and then closes the dialog; any close without an answer is a rejection.
      dialog.addEventListener('close', () => answer(false))
      closeOpen = () => answer(false)

      mountPoint().append(dialog)
      dialog.showModal()
    })

  return {
    ask(request) {
      const answer = queue.then(() => show(request))
      queue = answer
      return answer
    },
    destroy() {
      destroyed = true
      closeOpen?.()
    },
  }
}
