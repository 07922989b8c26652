// The approval the frame asks of the visitor before it signs anything: what is signed, in readable form, for which
// page, with Approve and Reject. It is the frame's own document: the dapp's page can neither read it nor send clicks
// into it, but it decides where the frame sits and what covers it. So the buttons wake only once the view has been
// on screen a moment (and, where the browser can tell, unobscured), nothing is focused that a held key could press,
// and one approval is open at a time.

import { freeScreen, takeScreen } from './screen.ts'

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

/** Declines the approval on screen, if any. */
let decline: (() => void) | undefined

/** The page stopped showing the approval (its modal closed): it is declined, as Reject would. */
export const cancelApproval = () => decline?.()

/**
 * Shows the approval (refused with -32002 while something else is on the screen) and resolves with the visitor's choice (false after 5 minutes unanswered); `show` and `hide`
 * tell the page to reveal the frame.
 */
export function askApproval(approval: Approval, page: { show(): void; hide(): void }): Promise<boolean> {
  takeScreen()
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
      freeScreen()
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

/** One value on one line: a line break in a string is written out, so no value can pass for a field of its own. */
export const readableValue = (value: unknown) => visible(String(value)).replace(/\n/g, '\\n')

/** Typed data's struct types: each a list of fields. */
export type TypedFields = Record<string, readonly { name: string; type: string }[]>

/**
 * A typed-data struct as lines, walked by its type (so what is shown is what is signed: a key its type does not name
 * is neither): `name: value`, a struct's or an array's entries indented under its name; each value on one line
 * (`readableValue`).
 */
export function readableTyped(types: TypedFields, type: string, value: unknown, depth = 0): string {
  const field = (name: string, fieldType: string, item: unknown, at: number): string => {
    const head = `${'  '.repeat(at)}${name}:`
    const entry = /^(.*)\[\d*\]$/.exec(fieldType)?.[1]
    const lines =
      entry !== undefined
        ? (Array.isArray(item) ? item : []).map((element, index) =>
            field(String(index), entry, element, at + 1),
          )
        : types[fieldType]
          ? [readableTyped(types, fieldType, item, at + 1)]
          : undefined
    return lines ? [head, ...lines].filter(Boolean).join('\n') : `${head} ${readableValue(item)}`
  }
  return (types[type] ?? [])
    .map(({ name, type: fieldType }) =>
      field(readableValue(name), fieldType, (value as Record<string, unknown> | null)?.[name], depth),
    )
    .join('\n')
}
