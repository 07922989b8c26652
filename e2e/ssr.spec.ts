import { expect, test } from './support/fixtures.ts'

test('the server-rendered provider and buttons hydrate without a warning or error', {
  tag: '@csp',
}, async ({ demo, page }) => {
  const complaints: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      complaints.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => complaints.push(`uncaught: ${error.message}`))
  // Hold on to the server's buttons once the HTML is parsed, before any module script runs: a hydration
  // that adopts the markup keeps these very nodes; one that gave up and rendered afresh replaces them.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { serverButtons: Element[] }).serverButtons = [
          ...document.querySelectorAll('#root button'),
        ]
    })
  })

  const response = await demo.open('', '/ssr.html')
  const html = await response.text()
  expect(html, 'the buttons are in the HTML the server sent').toMatch(
    /<div id="root"><button[^>]*>Latch Devnet A<\/button><button[^>]*>Connect Wallet<\/button><\/div>/,
  )
  expect(html, 'no inline script').not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)

  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  const adopted = await page.evaluate(() => {
    const before = (window as unknown as { serverButtons?: Element[] }).serverButtons ?? []
    const now = [...document.querySelectorAll('#root button')]
    return before.length === 2 && now.length === 2 && before.every((button, i) => button === now[i])
  })
  expect(adopted, 'React adopted the server-rendered buttons').toBe(true)

  // Hydrated buttons work: the modal opens from the server-rendered Connect button.
  await demo.connectButton.click()
  await expect(demo.modal.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Network Latch Devnet A, switch network' })).toBeVisible()
  expect(complaints).toEqual([])
})
