// The approval the frame asks of the visitor before it signs anything: what is signed, in readable form, for which
// page, with Approve and Reject. It is the frame's own document: the dapp's page can neither read it nor send clicks
// into it, but it decides where the frame sits and what covers it. So the buttons wake only once the view has been
// on screen a moment (and, where the browser can tell, unobscured), nothing is focused that a held key could press,
// and one approval is open at a time.

export interface Approval {
  title: string
  /** The page that asks (the frame's parent origin). */
  origin: string
  /** Label and value rows (the account, the network…). */
  fields: [label: string, value: string][]
  /** The text signed, shown whole (scrolling when long). */
  body?: string
  /** What the body is, for a screen reader (default 'Message'). */
  bodyLabel?: string
}

/** How long the view must be on screen, unchanged, before its buttons take a click. */
const ARM_MS = 700
/** An approval nobody answers is declined after this long. */
const APPROVAL_MS = 5 * 60_000

let open = false
/** Declines the approval on screen, if any. */
let decline: (() => void) | undefined

/** Whether an approval is on screen (a second request is refused meanwhile, never drawn over it). */
export const approvalOpen = () => open

/** The page stopped showing the approval (its modal closed): it is declined, as Reject would. */
export const cancelApproval = () => decline?.()

/**
 * Shows the approval and resolves with the visitor's choice (false after 5 minutes unanswered); `show` and `hide`
 * tell the page to reveal the frame.
 */
export function askApproval(approval: Approval, page: { show(): void; hide(): void }): Promise<boolean> {
  open = true
  const section = document.createElement('section')
  section.className = 'approval'
  section.setAttribute('aria-labelledby', 'approval-title')
  const title = document.createElement('h1')
  title.id = 'approval-title'
  title.tabIndex = -1
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
    body.setAttribute('aria-label', approval.bodyLabel ?? 'Message')
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
  approve.disabled = true
  actions.append(reject, approve)
  section.append(actions)
  document.body.replaceChildren(section)
  page.show()
  title.focus()

  // Approve wakes after ARM_MS on screen; a resize, or the browser seeing the frame covered or clipped, puts it
  // back to sleep (IntersectionObserver v2's isVisible, where the browser has it).
  let visible = true
  let timer: ReturnType<typeof setTimeout> | undefined
  const arm = () => {
    approve.disabled = true
    clearTimeout(timer)
    timer = setTimeout(() => {
      approve.disabled = !visible
    }, ARM_MS)
  }
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver(
          ([entry]) => {
            const seen = entry as (IntersectionObserverEntry & { isVisible?: boolean }) | undefined
            visible = (seen?.intersectionRatio ?? 0) >= 0.99 && seen?.isVisible !== false
            arm()
          },
          { threshold: [0, 0.99, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
        )
      : undefined
  observer?.observe(approve)
  window.addEventListener('resize', arm)
  arm()

  return new Promise((resolve) => {
    const settle = (approved: boolean) => {
      clearTimeout(timer)
      clearTimeout(deadline)
      observer?.disconnect()
      window.removeEventListener('resize', arm)
      document.removeEventListener('keydown', onKey)
      document.body.replaceChildren()
      open = false
      decline = undefined
      page.hide()
      resolve(approved)
    }
    const deadline = setTimeout(() => settle(false), APPROVAL_MS)
    decline = () => settle(false)
    approve.addEventListener('click', () => settle(true), { once: true })
    reject.addEventListener('click', () => settle(false), { once: true })
    // Escape is Reject, as it closes a dialog; it never approves (wherever the focus is in the frame).
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') settle(false)
    }
    document.addEventListener('keydown', onKey)
  })
}

/** Text as shown: characters that hide or reorder text (controls, bidirectional overrides, zero-width marks) written out. */
const visible = (text: string) =>
  text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (character) =>
    character === '\n' || character === '\t' ? character : `\\u{${character.codePointAt(0)?.toString(16)}}`,
  )

/**
 * A personal_sign message as a person reads it: UTF-8 text when it is, else its hex. Characters that hide or
 * reorder text (controls, bidirectional overrides, zero-width marks) are written out as \u{…}, so what is shown is
 * what is signed.
 */
export function readableMessage(hex: string): string {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) return hex
  const bytes = Uint8Array.from(hex.slice(2).match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
  try {
    return visible(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return hex
  }
}

/**
 * Typed data's fields as lines, `name: value`, a nested struct's fields indented under its name (every value on
 * one line: a line break in a string is written out, so no value can pass for a field of its own).
 */
export function readableValue(value: unknown, depth = 0): string {
  if (typeof value !== 'object' || value === null) return visible(String(value)).replace(/\n/g, '\\n')
  const pad = '  '.repeat(depth)
  return Object.entries(value)
    .map(([key, item]) =>
      typeof item === 'object' && item !== null
        ? `${pad}${readableValue(key)}:\n${readableValue(item, depth + 1)}`
        : `${pad}${readableValue(key)}: ${readableValue(item)}`,
    )
    .join('\n')
}
