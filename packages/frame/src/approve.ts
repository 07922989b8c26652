// The approval the frame asks of the visitor before it signs anything: what is signed, in readable form, for which
// page, with Approve and Reject. It is the frame's own document (the dapp's page cannot draw over it or click it:
// another origin), shown by the page in the modal's body while it waits.

export interface Approval {
  title: string
  /** The page that asks (the frame's parent origin). */
  origin: string
  /** Label and value rows (the account, the network…). */
  fields: [label: string, value: string][]
  /** The text signed, shown whole (scrolling when long). */
  body?: string
}

/** Shows the approval and resolves with the visitor's choice; `show` and `hide` tell the page to reveal the frame. */
export function askApproval(approval: Approval, page: { show(): void; hide(): void }): Promise<boolean> {
  const section = document.createElement('section')
  section.className = 'approval'
  section.setAttribute('aria-labelledby', 'approval-title')
  const title = document.createElement('h1')
  title.id = 'approval-title'
  title.textContent = approval.title
  const origin = document.createElement('p')
  origin.className = 'origin'
  origin.textContent = approval.origin
  const fields = document.createElement('dl')
  for (const [label, value] of approval.fields) {
    const term = document.createElement('dt')
    term.textContent = label
    const detail = document.createElement('dd')
    detail.textContent = value
    fields.append(term, detail)
  }
  section.append(title, origin, fields)
  if (approval.body !== undefined) {
    const body = document.createElement('pre')
    body.className = 'body'
    body.tabIndex = 0
    body.setAttribute('aria-label', 'Message')
    body.textContent = approval.body
    section.append(body)
  }
  const actions = document.createElement('div')
  actions.className = 'actions'
  const reject = document.createElement('button')
  reject.type = 'button'
  reject.textContent = 'Reject'
  const approve = document.createElement('button')
  approve.type = 'button'
  approve.className = 'primary'
  approve.textContent = 'Approve'
  actions.append(reject, approve)
  section.append(actions)
  document.body.replaceChildren(section)
  page.show()
  approve.focus()
  return new Promise((resolve) => {
    const settle = (approved: boolean) => {
      document.body.replaceChildren()
      page.hide()
      resolve(approved)
    }
    approve.addEventListener('click', () => settle(true), { once: true })
    reject.addEventListener('click', () => settle(false), { once: true })
  })
}

/** A personal_sign message as a person reads it: UTF-8 text when it is, else its hex. */
export function readableMessage(hex: string): string {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) return hex
  const bytes = Uint8Array.from(hex.slice(2).match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return hex
  }
}
