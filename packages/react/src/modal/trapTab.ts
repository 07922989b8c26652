/** What Tab can land on inside the modal (Latch renders no other kind of focusable element; the iframe is the wallet's). */
const tabbable =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])'

/**
 * Keeps Tab and Shift+Tab inside `container`, wrapping from the last control to the first and back.
 * A modal `<dialog>` makes the page behind it inert, but browsers still let Tab leave it for their own UI,
 * and DESIGN.md rule 10 wants focus to stay in. Returns whether it moved focus.
 *
 * @example
 * <dialog onKeyDown={(event) => trapTab(event.nativeEvent, event.currentTarget)}>…</dialog>
 */
export function trapTab(event: KeyboardEvent, container: HTMLElement): boolean {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return false
  const controls = [...container.querySelectorAll<HTMLElement>(tabbable)].filter(
    (element) => !element.closest('[hidden], [inert]'),
  )
  const first = controls[0]
  const last = controls.at(-1)
  if (!first || !last) return false
  const active = document.activeElement
  const leaving = event.shiftKey
    ? active === first || active === container || !container.contains(active)
    : active === last
  if (!leaving) return false
  event.preventDefault()
  ;(event.shiftKey ? last : first).focus()
  return true
}
