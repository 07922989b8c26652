import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'
import type { Result } from 'axe-core'

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
  const { violations, incomplete, passes } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(wcagTags)
    .analyze()
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
