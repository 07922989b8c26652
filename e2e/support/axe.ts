import { expect, type Frame, type Locator, type Page } from '@playwright/test'
import axe, {
  type AxeResults,
  type ContextObject,
  type PartialResult,
  type Result,
  type RunOptions,
} from 'axe-core'

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/** Waits until every finite animation under `root` has finished (colours mid-fade would skew contrast). */
export async function settleAnimations(root: Locator) {
  await root.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/** Contrast axe could not measure for a reason other than the text being a lone glyph (a monogram). */
const unmeasuredContrast = (result: Result) =>
  result.id === 'color-contrast'
    ? result.nodes.filter((node) =>
        node.any.some((check) => !['shortTextContent', 'nonBmp'].includes(check.data?.messageKey)),
      )
    : []

/**
 * Runs axe (WCAG 2.x A/AA) on what `selector` matches and fails with one readable line per violating
 * node. Text whose contrast axe could not measure (overlapped, on a pseudo-element) fails too, since it
 * would otherwise pass unseen. `what` names the state under audit in the failure message.
 */
export async function expectNoAxeViolations(page: Page, what: string, selector: string) {
  const root = page.locator(selector)
  await expect(root).toBeVisible()
  await settleAnimations(root)
  const { violations, incomplete, passes } = await audit(page, selector)
  const found = [
    ...violations.flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')}\n    ${node.failureSummary?.replaceAll('\n', '\n    ')}`,
      ),
    ),
    ...incomplete
      .flatMap(unmeasuredContrast)
      .map((node) => `color-contrast not measurable at ${node.target.join(' ')}: ${node.any[0]?.message}`),
  ]
  expect(found, `axe on ${what}`).toEqual([])
  // An audit that read no text (a wrong selector, an inert subtree) would pass vacuously.
  const contrastChecked = passes.find((rule) => rule.id === 'color-contrast')?.nodes.length ?? 0
  expect(contrastChecked, `axe measured text contrast on ${what}`).toBeGreaterThan(0)
}

type AxeWindow = Window & { axe: typeof axe }
const options: RunOptions = { runOnly: { type: 'tag', values: wcagTags } }

/**
 * axe on what `selector` matches, frames inside it included (the embedded wallet's, on another origin), with
 * axe-core's own partial runs: one per frame, each in its frame, finished in the page. axe's source is put into a
 * frame once for as long as its document lives, not again for every audit.
 */
async function audit(page: Page, selector: string): Promise<AxeResults> {
  const partials = await auditFrame(page.mainFrame(), { include: [selector] })
  return page
    .mainFrame()
    .evaluate(({ partials, options }) => (window as unknown as AxeWindow).axe.finishRun(partials, options), {
      partials,
      options,
    })
}

/** The partial results of `frame` and, depth first, of every frame in its `context` (null for one out of reach). */
async function auditFrame(frame: Frame, context: unknown): Promise<(PartialResult | null)[]> {
  const present = await frame.evaluate(() => typeof (window as unknown as Partial<AxeWindow>).axe?.runPartial)
  if (present !== 'function') await frame.evaluate(axe.source)
  // axe's context types are too deep for Playwright's serialisable ones: what crosses is plain JSON.
  const inner: { frameSelector: unknown; frameContext: unknown }[] = await frame.evaluate(
    (context) =>
      (window as unknown as AxeWindow).axe.utils
        .getFrameContexts(context as ContextObject)
        .map(({ frameSelector, frameContext }) => ({ frameSelector, frameContext })),
    context,
  )
  const own = await frame.evaluate(
    ({ context, options }) =>
      (window as unknown as AxeWindow).axe.runPartial(context as ContextObject, options),
    { context, options },
  )
  const children: (PartialResult | null)[] = []
  for (const { frameSelector, frameContext } of inner) {
    const element = await frame.evaluateHandle(
      (selector) =>
        (window as unknown as AxeWindow).axe.utils.shadowSelect(selector as axe.CrossTreeSelector),
      frameSelector,
    )
    const child = await element.asElement()?.contentFrame()
    // The frame is all it was asked for: the page may let the element go.
    await element.dispose()
    children.push(...(child ? await auditFrame(child, frameContext) : [null]))
  }
  return [own, ...children]
}
