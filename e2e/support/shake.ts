import { expect, type Page } from '@playwright/test'

declare global {
  interface Window {
    __latchShakes?: number
  }
}

/**
 * Counts the modal's shakes from now on. A shake is on for 500 ms (SPEC §2); polling for the attribute on a busy
 * machine can look between two frames and miss it, so a MutationObserver in the page counts each time it is set.
 * Returns an assertion that the modal shook `times` times since the watch began.
 */
export async function watchShakes(page: Page): Promise<(times: number) => Promise<void>> {
  await page.evaluate(() => {
    window.__latchShakes = 0
    new MutationObserver((records) => {
      for (const record of records) {
        const element = record.target as Element
        if (element.classList.contains('latch-modal') && element.hasAttribute('data-shake')) {
          window.__latchShakes = (window.__latchShakes ?? 0) + 1
        }
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-shake'] })
  })
  return (times) =>
    expect.poll(() => page.evaluate(() => window.__latchShakes), { message: 'the modal shakes' }).toBe(times)
}
