import { expect, test } from './support/fixtures.ts'
import { expectSoundLayout } from './support/layout.ts'

// The demo page's own readout of the client's state (apps/demo/src/StateReadout.tsx): what it says of an extension's
// account, its sign-in (SIWX) control, and its layout from a phone to a desktop.

test('the Dev Wallet (an extension’s account): its name, no account type; labels and values side by side at any width', async ({
  demo,
  page,
}) => {
  await demo.goto()
  await demo.connectDevWallet()
  await expect(demo.state('wallet')).toHaveText('Latch Dev Wallet')
  // An extension says nothing of what its account is: the app's default for embedded logins is not shown as its type.
  await expect(demo.state('accountType')).toHaveText('—')
  await expect(demo.state('smartAccountDeployed')).toHaveText('false')
  await expect(demo.state('caipAddress')).toHaveText(/^eip155:31337:0x[0-9a-fA-F]{40}$/)

  const readout = page.locator('section[aria-labelledby="state-heading"]')
  // The layout gate at 1280×800, 375×667 and 320×568: nothing sticks out of the section or is cut, no text under
  // 12 px, the select a tap target of 24 × 24 or more on a phone.
  await expectSoundLayout(page, 'demo readout (Dev Wallet)', 'section[aria-labelledby="state-heading"]')

  for (const size of [
    { width: 320, height: 568 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size)
    // Every row: its label left of its value, both inside the row (a long CAIP-10 address wraps).
    const rows = await readout.locator('dl > div').evaluateAll((divs) =>
      divs.map((div) => {
        const [row, label, value] = [div, div.querySelector('dt')!, div.querySelector('dd')!].map((element) =>
          element.getBoundingClientRect(),
        )
        return {
          key: div.getAttribute('data-key'),
          labelInRow: label!.left >= row!.left - 0.5 && label!.right <= row!.right + 0.5,
          valueInRow: value!.left >= row!.left - 0.5 && value!.right <= row!.right + 0.5,
          apart: label!.right <= value!.left + 0.5,
          valueUnclipped: div.querySelector('dd')!.scrollWidth <= div.querySelector('dd')!.clientWidth + 1,
        }
      }),
    )
    expect(rows.length).toBeGreaterThan(5)
    for (const row of rows)
      expect(row, `${row.key} at ${size.width}px`).toEqual({
        key: row.key,
        labelInRow: true,
        valueInRow: true,
        apart: true,
        valueUnclipped: true,
      })
    // At 320 px the CAIP-10 address takes several lines (a one-line value's height: `status`) rather than running
    // out of its column.
    if (size.width === 320) {
      const [caip, line] = [
        await demo.state('caipAddress').boundingBox(),
        await demo.state('status').boundingBox(),
      ]
      expect(caip!.height).toBeGreaterThan(1.5 * line!.height)
    }
  }
})

test('the Sign-in (SIWX) select reloads the page with ?siwx= set or removed, the other parameters kept; Required asks to sign in', async ({
  demo,
  page,
}) => {
  await demo.goto('&siwx=optional&account=7')
  const select = page.getByLabel('Sign-in (SIWX)')
  await expect(select).toHaveValue('optional')
  const before = new URL(page.url()).searchParams

  /** The page's parameters but `siwx`. */
  const others = (params: URLSearchParams) =>
    [...params].filter(([key]) => key !== 'siwx').sort(([a], [b]) => a.localeCompare(b))

  await Promise.all([page.waitForURL((url) => !url.searchParams.has('siwx')), select.selectOption('Off')])
  await expect(demo.connectButton).toBeVisible()
  await expect(select).toHaveValue('off')
  expect(others(new URL(page.url()).searchParams)).toEqual(others(before))

  await Promise.all([
    page.waitForURL((url) => url.searchParams.get('siwx') === 'required'),
    select.selectOption('Required'),
  ])
  await expect(demo.connectButton).toBeVisible()
  await expect(select).toHaveValue('required')
  expect(others(new URL(page.url()).searchParams)).toEqual(others(before))

  await demo.connectDevWallet()
  await expect(demo.modal.getByRole('heading', { name: 'Sign In' })).toBeVisible()
  await expect(
    demo.modal.getByRole('heading', { name: 'Latch demo needs to connect to your wallet' }),
  ).toBeVisible()
})
