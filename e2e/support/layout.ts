import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { settleAnimations } from './axe.ts'

/** Where the gate leaves a picture of every view it checks (README: "Screenshots"). */
export const screenshotDir = join(import.meta.dirname, '..', '..', 'screenshots')

export interface LayoutViewport {
  name: string
  width: number
  height: number
  /** Tap targets are checked on phones only (WCAG 2.5.8: 24 × 24 CSS px). */
  phone: boolean
  /** Whether the gate saves a screenshot at this size (desktop and one phone are enough to look at). */
  screenshot: boolean
}

export const layoutViewports: readonly LayoutViewport[] = [
  { name: 'desktop', width: 1280, height: 800, phone: false, screenshot: true },
  { name: 'phone', width: 375, height: 667, phone: true, screenshot: true },
  { name: 'small-phone', width: 320, height: 568, phone: true, screenshot: false },
]

/** The smallest text the modal may show, in CSS px. */
export const MIN_FONT_PX = 12
/** The smallest tap target on a phone, in CSS px. */
export const MIN_TARGET_PX = 24

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/**
 * The layout gate: looks at the open modal at every size of {@link layoutViewports} and fails with one line
 * per problem a visitor would see — something sticking out of the dialog sideways, content cut without an
 * ellipsis (or an ellipsis hiding a value no title or accessible name gives in full), a box that scrolls
 * sideways, a dialog wider than the window or a header off-screen, text under 12 px, a tap target under
 * 24 × 24 px on a phone, a snackbar over the view. `what` names the state (and the theme) in the message and the screenshot's name.
 * The page's viewport is what it was afterwards.
 */
export async function expectSoundLayout(page: Page, what: string, selector = 'dialog.latch-dialog') {
  const original = page.viewportSize()
  const found: string[] = []
  try {
    for (const viewport of layoutViewports) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height })
      const dialog = page.locator(selector).first()
      await expect(dialog).toBeVisible()
      // The resize has been laid out and painted before anything is measured.
      await nextFrames(page)
      await settleAnimations(dialog)
      // Spinners are measured at rest: a square turning overflows its box by an angle's worth.
      await dialog.evaluate((element) => {
        for (const animation of element.getAnimations({ subtree: true })) {
          if (animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY) continue
          animation.pause()
          animation.currentTime = 0
        }
      })
      const problems = await dialog.evaluate(layoutProblems, {
        phone: viewport.phone,
        minFont: MIN_FONT_PX,
        minTarget: MIN_TARGET_PX,
      })
      found.push(
        ...problems.map((problem) => `${viewport.name} ${viewport.width}×${viewport.height}: ${problem}`),
      )
      if (viewport.screenshot) {
        await mkdir(screenshotDir, { recursive: true })
        await page.screenshot({ path: join(screenshotDir, `${slug(what)}--${viewport.name}.png`) })
      }
      await dialog.evaluate((element) => {
        for (const animation of element.getAnimations({ subtree: true })) animation.play()
      })
    }
  } finally {
    if (original) {
      await page.setViewportSize(original)
      // Two frames again, so the page's next step finds it laid out at that size: what moves with the window's
      // resize event or a ResizeObserver (the wallet's frame laid over a view) has moved only at a rendering step.
      await nextFrames(page)
    }
  }
  // Soft: one run lists what every view gets wrong, not only the first.
  expect.soft(found, `layout of ${what}`).toEqual([])
}

/** Two frames of the page's: after them, a resize has been laid out, observed and painted. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

interface Limits {
  phone: boolean
  minFont: number
  minTarget: number
}

/** Runs in the page: the layout problems inside `dialog`, one readable line each. */
function layoutProblems(dialog: Element, { phone, minFont, minTarget }: Limits): string[] {
  const problems: string[] = []
  const px = (value: number) => `${Math.round(value * 10) / 10}px`
  const name = (element: Element) => {
    const classes = [...element.classList].filter((c) => c.startsWith('latch-')).slice(0, 2)
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''
    const shown = label.length > 40 ? `${label.slice(0, 39)}…` : label
    return `<${element.tagName.toLowerCase()}${classes.map((c) => `.${c}`).join('')}>${shown ? ` "${shown}"` : ''}`
  }
  const style = (element: Element) => getComputedStyle(element)
  /** Hidden on purpose for sight (the visually-hidden pattern: a clipped 1 px box) or not rendered. */
  const unseen = (element: Element) => {
    if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: false })) return true
    for (let at: Element | null = element; at && at !== dialog; at = at.parentElement) {
      const s = style(at)
      if (s.clip !== 'auto' || s.clipPath !== 'none') return true
    }
    const rect = element.getBoundingClientRect()
    return rect.width === 0 && rect.height === 0
  }
  /** The full value of a truncated text, if a title or an accessible name on it or around it gives it. */
  const spelledOut = (element: Element, text: string) => {
    for (let at: Element | null = element; at && at !== dialog.parentElement; at = at.parentElement) {
      const given = `${at.getAttribute('title') ?? ''} ${at.getAttribute('aria-label') ?? ''}`
      if (given.includes(text)) return true
    }
    return false
  }

  /** Inside a box that cuts its text with an ellipsis on purpose (which answers for what it hides). */
  const insideEllipsis = (element: Element) => {
    for (let at = element.parentElement; at && at !== dialog; at = at.parentElement) {
      const s = style(at)
      if (s.textOverflow === 'ellipsis' && s.overflowX === 'hidden') return true
    }
    return false
  }

  const viewportWidth = document.documentElement.clientWidth
  const viewportHeight = document.documentElement.clientHeight
  const box = dialog.getBoundingClientRect()
  if (box.width > viewportWidth + 0.5)
    problems.push(`the dialog is ${px(box.width)} wide in a ${px(viewportWidth)} window`)
  if (box.left < -0.5 || box.right > viewportWidth + 0.5)
    problems.push(`the dialog spans ${px(box.left)} to ${px(box.right)} of a ${px(viewportWidth)} window`)
  const header = dialog.querySelector('.latch-header')
  for (const part of [header, header?.querySelector('button[aria-label="Close"]')]) {
    if (!part) continue
    const rect = part.getBoundingClientRect()
    if (
      rect.top < -0.5 ||
      rect.bottom > viewportHeight + 0.5 ||
      rect.left < -0.5 ||
      rect.right > viewportWidth + 0.5
    )
      problems.push(
        `${name(part)} is off-screen (${px(rect.left)},${px(rect.top)} in ${px(viewportWidth)}×${px(viewportHeight)})`,
      )
  }

  for (const element of dialog.querySelectorAll('*')) {
    if (element instanceof SVGElement && !(element instanceof SVGSVGElement)) continue
    if (unseen(element)) continue
    const rect = element.getBoundingClientRect()
    const s = style(element)

    if ((rect.left < box.left - 0.5 || rect.right > box.right + 0.5) && !insideEllipsis(element))
      problems.push(
        `${name(element)} sticks out of the dialog sideways (${px(rect.left)}–${px(rect.right)}, dialog ${px(box.left)}–${px(box.right)})`,
      )

    // Text fields scroll their own value; everything else shows all of its content or ellipsizes it.
    const field = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
    if (!field && element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1) {
      const text = element.textContent?.trim() ?? ''
      if (s.textOverflow === 'ellipsis' && s.overflowX === 'hidden') {
        if (!spelledOut(element, text))
          problems.push(
            `${name(element)} is truncated with no title or accessible name giving "${text}" in full`,
          )
      } else if (s.overflowX === 'auto' || s.overflowX === 'scroll') {
        problems.push(`${name(element)} scrolls sideways by ${px(element.scrollWidth - element.clientWidth)}`)
      } else {
        problems.push(
          `${name(element)} is cut: its content is ${px(element.scrollWidth)} wide in ${px(element.clientWidth)}`,
        )
      }
    }

    const ownText = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
    )
    if (ownText && Number.parseFloat(s.fontSize) < minFont - 0.01)
      problems.push(`${name(element)} has ${s.fontSize} text (at least ${minFont}px)`)

    const interactive = element.matches(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])',
    )
    if (phone && interactive && (rect.width < minTarget - 0.01 || rect.height < minTarget - 0.01))
      problems.push(
        `${name(element)} is a ${px(rect.width)}×${px(rect.height)} tap target (at least ${minTarget}×${minTarget})`,
      )
  }

  // A message on screen covers nothing it may speak of: it lies outside the view's body, which holds every row.
  const snack = dialog.querySelector('.latch-snackbar')?.getBoundingClientRect()
  const body = dialog.querySelector('.latch-body')?.getBoundingClientRect()
  if (snack && body && Math.min(snack.bottom, body.bottom) - Math.max(snack.top, body.top) > 0.5)
    problems.push('the snackbar covers the view')
  return problems
}
