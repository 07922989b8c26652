import { expect, test } from './support/fixtures.ts'

test('an inline style is blocked exactly where the policy is served, and the watch reports it', {
  tag: '@csp',
}, async ({ demo, page, cspViolations, contentSecurityPolicy }) => {
  await demo.goto()
  const applied = await page.evaluate(() => {
    const style = document.createElement('style')
    style.textContent = 'body { outline: 3px solid rgb(1, 2, 3) }'
    document.head.append(style)
    return getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)'
  })
  if (contentSecurityPolicy) {
    expect(applied, 'the policy blocks inline <style>').toBe(false)
    await expect.poll(() => cspViolations.map((v) => v.directive)).toContain('style-src-elem')
    // Seen and checked: the fixture's final "no violations" check is for the app, not this probe.
    cspViolations.length = 0
  } else {
    expect(applied, 'without the policy the style applies').toBe(true)
    expect(cspViolations).toEqual([])
  }
})

test('under the policy no page may frame the demo; without it one can', { tag: '@csp' }, async ({
  demo,
  page,
  cspViolations,
  contentSecurityPolicy,
  baseURL,
}) => {
  await demo.goto()
  await page.setContent(`<iframe title="framed demo" src="${baseURL}/"></iframe>`)
  const frame = page.frames()[1]!
  if (contentSecurityPolicy) {
    await expect.poll(() => frame.url()).toMatch(/^chrome-error:/)
    await expect.poll(() => cspViolations.map((v) => v.blocked).join()).toContain("frame-ancestors 'none'")
    // Seen and checked: the fixture's final "no violations" check is for the app, not this probe.
    cspViolations.length = 0
  } else await expect.poll(() => frame.url()).toBe(`${baseURL}/`)
})
