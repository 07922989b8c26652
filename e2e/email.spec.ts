import { codeOf, deviceLinkOf } from '@latch/devnet'
import type { Browser } from '@playwright/test'
import { createPublicClient, createTestClient, http, parseEther, verifyMessage, verifyTypedData } from 'viem'
import { expectNoAxeViolations } from './support/axe.ts'
import { approvalShown, enterCode, freshEmail, startLogin, walletFrame } from './support/email.ts'
import { type DemoPage, expect, type LatchServer, test } from './support/fixtures.ts'
import { expectSoundLayout } from './support/layout.ts'
import { watchShakes } from './support/shake.ts'

// E-mail login through the modal, as a visitor does it: the e-mail field in Connect, the code mailed over real SMTP
// (the worker's catcher), the embedded wallet in the server's frame on its own origin, every signature approved in
// that frame inside the modal, and the demo's real chains.

const message = 'Hello from Latch'

test('a new visitor logs in by e-mail in the modal, comes back after a reload without a code, and signs in the frame', {
  tag: ['@csp', '@dev'],
}, async ({ demo, devnet, latchServer, page }) => {
  test.setTimeout(90_000)
  // The key's own account (an EOA): what the smart account does has tests of its own below.
  await demo.goto('&accountType=eoa')
  const email = freshEmail('ada')
  const mail = await startLogin(demo, latchServer, email)
  // A new account's first login: the code straight away (no device link), in the code view.
  await expect(demo.modal.getByRole('heading', { name: 'Confirm Email' })).toBeVisible()
  await expect(demo.modal.getByText(`Enter the code we sent to ${email}`)).toBeVisible()
  await enterCode(demo, codeOf(mail))

  // Connected with the frame's account; the modal closes as after any wallet.
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.modal).toBeHidden()
  const address = (await demo.state('address').textContent()) as `0x${string}`
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await expect(demo.state('wallet')).toHaveText('Email')

  // Funded on the chain, the account's balance shows (read again on the next visit: a reload, which reconnects from
  // the frame's session and this device's share, without a code).
  const anvil = createTestClient({ mode: 'anvil', transport: http(devnet.rpcA) })
  await anvil.setBalance({ address, value: parseEther('2') })
  const mailsBefore = latchServer.mail.messages().length
  await page.reload()
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.state('address')).toHaveText(address)
  expect(latchServer.mail.messages().length).toBe(mailsBefore)
  await demo.accountButton.click()
  await expect(demo.modal.getByTestId('latch-account-balance')).toHaveText('2 ETH')
  await expect(demo.modal.getByText(email, { exact: true })).toBeVisible()
  await demo.modal.getByRole('button', { name: 'Close' }).click()

  // The network the visitor picked for the account is the one it comes back on.
  await page.getByRole('button', { name: /switch network/ }).click()
  await demo.modal.getByRole('button', { name: /Latch Devnet B/ }).click()
  await expect(demo.state('network')).toHaveText('eip155:31338')
  await expect(demo.modal).toBeHidden()
  await page.reload()
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.state('network')).toHaveText('eip155:31338')
  await expect(demo.state('address')).toHaveText(address)

  // personal_sign: the frame itself shows in the modal, with the message; Approve signs with the account's key.
  await page.getByRole('button', { name: `Sign “${message}”` }).click()
  await expect(demo.modal.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible()
  const wallet = await approvalShown(page)
  await expect(wallet.getByLabel('Message')).toHaveText(message)
  await wallet.getByRole('button', { name: 'Approve' }).click()
  const signed = page.getByTestId('result-signature')
  await expect(signed).toHaveText(/^signature: 0x[0-9a-f]{130}$/)
  const signature = (await signed.textContent())?.replace('signature: ', '') as `0x${string}`
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  await expect(demo.modal).toBeHidden()

  // Reject: declined, nothing signed.
  await page.getByRole('button', { name: `Sign “${message}”` }).click()
  await (await approvalShown(page)).getByRole('button', { name: 'Reject' }).click()
  await expect(page.getByTestId('result-error')).toHaveText('error: Request declined in the wallet')
  await expect(demo.modal).toBeHidden()

  // Escape in the frame declines, as Reject; so does closing the modal while the frame asks.
  for (const leave of [
    async () => {
      // The keyboard is in the frame (its approval's title), so Escape is the frame's, not the modal's.
      await expect(walletFrame(page).getByRole('heading', { name: 'Signature request' })).toBeFocused()
      await page.keyboard.press('Escape')
    },
    () => demo.modal.getByRole('button', { name: 'Close' }).click(),
  ]) {
    await page.getByRole('button', { name: `Sign “${message}”` }).click()
    await approvalShown(page)
    await expect(page.getByTestId('result-error')).toBeHidden()
    await leave()
    await expect(page.getByTestId('result-error')).toHaveText('error: Request declined in the wallet')
    await expect(demo.modal).toBeHidden()
  }

  // Disconnect signs out: the next visit starts at Connect, with the e-mail field.
  await demo.accountButton.click()
  await demo.modal.getByRole('button', { name: 'Disconnect' }).click()
  await expect(demo.state('status')).toHaveText('disconnected')
  await page.reload()
  await expect(demo.state('status')).toHaveText('disconnected')
  await demo.connectButton.click()
  await expect(demo.modal.getByRole('textbox', { name: 'Email' })).toBeVisible()
})

test('the e-mail account sends 0.01 ETH (from the page, then from the Send view) and signs typed data once approved in the frame, on either network; eth_sign is not allowed', async ({
  demo,
  devnet,
  latchServer,
  page,
}) => {
  test.setTimeout(90_000)
  // The key's own account (an EOA): what the smart account does has tests of its own below.
  await demo.goto('&accountType=eoa')
  await enterCode(demo, codeOf(await startLogin(demo, latchServer, freshEmail('grace'))))
  await expect(demo.state('status')).toHaveText('connected')
  const address = (await demo.state('address').textContent()) as `0x${string}`
  const chain = createPublicClient({ transport: http(devnet.rpcA) })
  await createTestClient({ mode: 'anvil', transport: http(devnet.rpcA) }).setBalance({
    address,
    value: parseEther('1'),
  })
  const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const before = await chain.getBalance({ address: receiver })
  const send = page.getByRole('button', { name: 'Send 0.01 ETH to account 1' })

  // The transaction as the frame shows it, filled in from the chain; rejected, nothing is sent.
  await send.click()
  let wallet = await approvalShown(page, 'Transaction request')
  await expect(wallet.getByText(receiver, { exact: true })).toBeVisible()
  await expect(wallet.getByText('0.01 ETH', { exact: true })).toBeVisible()
  await expect(wallet.getByText(/^Up to 0\.0000\d+ ETH$/)).toBeVisible()
  await wallet.getByRole('button', { name: 'Reject' }).click()
  await expect(page.getByTestId('result-error')).toHaveText('error: Request declined in the wallet')
  expect(await chain.getTransactionCount({ address })).toBe(0)

  // Approved: signed in the frame, sent to the chain, mined.
  await send.click()
  wallet = await approvalShown(page, 'Transaction request')
  await wallet.getByRole('button', { name: 'Approve' }).click()
  const sent = page.getByTestId('result-transaction')
  await expect(sent).toHaveText(/^transaction: 0x[0-9a-f]{64}$/)
  const hash = (await sent.textContent())?.replace('transaction: ', '') as `0x${string}`
  const receipt = await chain.waitForTransactionReceipt({ hash })
  expect(receipt).toMatchObject({
    status: 'success',
    from: address.toLowerCase(),
    to: receiver.toLowerCase(),
  })
  expect((await chain.getBalance({ address: receiver })) - before).toBe(parseEther('0.01'))
  await expect(demo.modal).toBeHidden()

  // From the modal's Send view: the frame approves over it, then the view goes on as after any wallet.
  const friend = '0x000000000000000000000000000000000000f00d'
  await demo.accountButton.click()
  await demo.modal.getByRole('button', { name: 'Send' }).click()
  await demo.modal.getByRole('textbox', { name: 'Amount' }).fill('0.25')
  await demo.modal.getByRole('textbox', { name: 'To' }).fill(friend)
  await demo.modal.getByRole('button', { name: 'Preview Send' }).click()
  await demo.modal.getByRole('button', { name: 'Send', exact: true }).click()
  wallet = await approvalShown(page, 'Transaction request')
  await wallet.getByRole('button', { name: 'Reject' }).click()
  // Back on the review, which says so and offers another try.
  await expect(demo.modal.getByRole('alert')).toHaveText('Transaction declined')
  await demo.modal.getByRole('button', { name: 'Try again' }).click()
  wallet = await approvalShown(page, 'Transaction request')
  await expect(wallet.getByText('0.25 ETH', { exact: true })).toBeVisible()
  await wallet.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Transaction started')).toBeVisible()
  await expect(demo.modal.getByRole('heading', { name: 'Account' })).toBeVisible()
  await expect.poll(() => chain.getBalance({ address: friend })).toBe(parseEther('0.25'))
  await demo.modal.getByRole('button', { name: 'Close' }).click()

  // Typed data: its fields, readable; the signature verifies for the account.
  await page.getByRole('button', { name: 'Sign an order (typed data)' }).click()
  wallet = await approvalShown(page)
  await expect(wallet.getByText('Latch Demo Exchange', { exact: true })).toBeVisible()
  await expect(wallet.getByLabel('Message')).toHaveText(
    `maker: ${address}\nsell: ETH\namount: 10000000000000000`,
  )
  await wallet.getByRole('button', { name: 'Approve' }).click()
  const typed = page.getByTestId('result-typed-signature')
  await expect(typed).toHaveText(/^typed-signature: 0x[0-9a-f]{130}$/)
  const signature = (await typed.textContent())?.replace('typed-signature: ', '') as `0x${string}`
  expect(
    await verifyTypedData({
      address,
      signature,
      domain: { name: 'Latch Demo Exchange', version: '1', chainId: 31337, verifyingContract: receiver },
      types: {
        Order: [
          { name: 'maker', type: 'address' },
          { name: 'sell', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Order',
      message: { maker: address, sell: 'ETH', amount: 10n ** 16n },
    }),
  ).toBe(true)

  // eth_sign signs any hash: the frame refuses it, and the modal opens to say so.
  await page.getByRole('button', { name: 'Ask for eth_sign' }).click()
  await expect(page.getByTestId('result-error')).toHaveText('error: Requested RPC call is not allowed')
  await expect(demo.modal.getByText('Action not allowed')).toBeVisible()

  // Another network: the account's balance there, and the frame sends on it.
  await demo.modal.getByRole('button', { name: 'Latch Devnet A' }).click()
  await demo.modal.getByRole('button', { name: 'Latch Devnet B' }).click()
  await expect(demo.state('network')).toHaveText('eip155:31338')
  await expect(demo.modal.getByTestId('latch-account-balance')).toHaveText('0 ETH')
  await demo.modal.getByRole('button', { name: 'Close' }).click()
  await send.click()
  wallet = await approvalShown(page, 'Transaction request')
  await expect(wallet.getByText('Latch Devnet B', { exact: true })).toBeVisible()
  await wallet.getByRole('button', { name: 'Reject' }).click()
  await expect(page.getByTestId('result-error')).toHaveText('error: Request declined in the wallet')
})

test('calls from the e-mail account: the frame shows both in one approval, sends them, and reports their status', async ({
  demo,
  devnet,
  latchServer,
  page,
}) => {
  test.setTimeout(90_000)
  // The key's own account (an EOA): what the smart account does has tests of its own below.
  await demo.goto('&accountType=eoa')
  await enterCode(demo, codeOf(await startLogin(demo, latchServer, freshEmail('calls'))))
  await expect(demo.state('status')).toHaveText('connected')
  const address = (await demo.state('address').textContent()) as `0x${string}`
  await createTestClient({ mode: 'anvil', transport: http(devnet.rpcA) }).setBalance({
    address,
    value: parseEther('1'),
  })
  const chain = createPublicClient({ transport: http(devnet.rpcA) })
  const receivers = [
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  ] as const
  const before = await Promise.all(receivers.map((receiver) => chain.getBalance({ address: receiver })))

  await page.getByRole('button', { name: 'Send 0.001 ETH to accounts 1 and 2 (calls)' }).click()
  // Both calls in the one approval.
  const wallet = await approvalShown(page, 'Transaction request')
  await expect(wallet.getByText(`1. To ${receivers[0]}, 0.001 ETH`)).toBeVisible()
  await expect(wallet.getByText(`2. To ${receivers[1]}, 0.001 ETH`)).toBeVisible()
  await wallet.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('result-calls')).toHaveText(/^calls: \S+ \(one by one\)$/)
  await expect(async () => {
    await page.getByRole('button', { name: 'Status of the calls' }).click()
    await expect(page.getByTestId('result-calls-status')).toHaveText('calls-status: success, 2 receipts', {
      timeout: 1000,
    })
  }).toPass({ timeout: 15_000 })
  const after = await Promise.all(receivers.map((receiver) => chain.getBalance({ address: receiver })))
  expect(after.map((balance, i) => balance - before[i]!)).toEqual([parseEther('0.001'), parseEther('0.001')])
})

test('sign-in (SIWX, required) with an e-mail account: the frame shows the sign-in message over SIWXSignMessage', {
  tag: '@dev',
}, async ({ demo, latchServer, page }) => {
  test.setTimeout(90_000)
  await demo.goto('&siwx=required')
  await enterCode(demo, codeOf(await startLogin(demo, latchServer, freshEmail('lovelace'))))
  await expect(
    demo.modal.getByRole('heading', { name: 'Latch demo needs to connect to your wallet' }),
  ).toBeVisible()
  await demo.modal.getByRole('button', { name: 'Sign', exact: true }).click()
  const wallet = await approvalShown(page)
  await expect(wallet.getByLabel('Message')).toContainText('wants you to sign in with your Ethereum account')
  await wallet.getByRole('button', { name: 'Approve' }).click()
  await expect(demo.modal).toBeHidden()
  await expect(demo.state('status')).toHaveText('connected')
})

/**
 * Logs in to `email`'s account from another browser, whose storage makes its frame a device the account has not
 * used: the code view shows at once, as for any address; the mailed link approves the device, then the code follows.
 * Resolves at the code's answer, with the other browser's page.
 */
async function logInOnNewDevice(
  browser: Browser,
  demo: DemoPage,
  server: LatchServer,
  email: string,
  theme: 'dark' | 'light' = 'dark',
) {
  const other = await browser.newContext()
  const second = await demo.inContext(other)
  await second.goto()
  if (theme === 'light') await second.page.getByRole('button', { name: 'Light theme' }).click()
  const link = await startLogin(second, server, email)
  await expect(
    second.modal.getByText('New device? Open the link in the e-mail first; the code follows.'),
  ).toBeVisible()
  const since = new Date()
  const mailbox = await other.newPage()
  await mailbox.goto(deviceLinkOf(link))
  await mailbox.getByRole('button', { name: /Approve/ }).click()
  const code = codeOf(await server.mail.waitFor(email, { since, timeoutMs: 15_000 }))
  // Back from the mailbox to the page, whose code view has come meanwhile.
  await second.page.bringToFront()
  await enterCode(second, code)
  return { second, close: () => other.close() }
}

test('a second device: the mailed link approves it, then the code, and the account is the same', async ({
  demo,
  latchServer,
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await demo.goto()
  const email = freshEmail('grace')
  await enterCode(demo, codeOf(await startLogin(demo, latchServer, email)))
  await expect(demo.state('status')).toHaveText('connected')
  const address = await demo.state('address').textContent()

  const { second, close } = await logInOnNewDevice(browser, demo, latchServer, email)
  try {
    await expect(second.state('status')).toHaveText('connected')
    await expect(second.state('address')).toHaveText(address ?? '')
  } finally {
    await close()
  }
  expect(page.isClosed()).toBe(false)
})

for (const theme of ['dark', 'light'] as const) {
  test(`a recovery passphrase, typed in the frame, replaces the server’s share; a new device needs it, then has the same account; its steps through axe and the layout gate, ${theme} theme`, async ({
    demo,
    latchServer,
    browser,
  }) => {
    test.setTimeout(120_000)
    await demo.goto()
    const email = freshEmail('hopper')
    await enterCode(demo, codeOf(await startLogin(demo, latchServer, email)))
    await expect(demo.state('status')).toHaveText('connected')
    const address = await demo.state('address').textContent()
    const passphrase = 'correct horse battery staple'

    // Set from the account: the frame's own form, in the modal; the page never has the passphrase.
    await demo.accountButton.click()
    await demo.modal.getByRole('button', { name: 'Manage' }).click()
    await expect(demo.modal.getByRole('heading', { name: 'Email Account' })).toBeVisible()
    await demo.modal.getByRole('button', { name: 'Set a recovery passphrase' }).click()
    await expect(demo.modal.getByRole('heading', { name: 'Recovery Passphrase' })).toBeVisible()
    const form = walletFrame(demo.page)
    await expect(form.getByRole('heading', { name: 'Set a recovery passphrase' })).toBeVisible()
    const [first, again] = [form.getByLabel('New passphrase'), form.getByLabel('Repeat it')]
    await first.fill('too short')
    await again.fill('too short')
    await form.getByRole('button', { name: 'Set passphrase' }).click()
    await expect(form.getByRole('alert')).toHaveText('Use at least 12 characters')
    await first.fill(passphrase)
    await again.fill(`${passphrase}!`)
    await form.getByRole('button', { name: 'Set passphrase' }).click()
    await expect(form.getByRole('alert')).toHaveText('The two passphrases differ')
    await again.fill(passphrase)
    await form.getByRole('button', { name: 'Set passphrase' }).click()
    await expect(demo.page.getByText('Recovery passphrase set')).toBeVisible()
    await expect(demo.modal.getByRole('heading', { name: 'Email Account' })).toBeVisible()
    const account = await latchServer.storage.auth.accountByEmail(email)
    const shares = await latchServer.storage.auth.shares(account?.id ?? '')
    expect(shares?.recoveryShare).toBeNull()
    expect(shares?.passphraseBox).toMatchObject({ kdf: 'pbkdf2-sha256', iterations: 600_000 })

    // Changed: the current passphrase first, which the server checks (its proof), then the new one twice.
    const changed = 'a longer passphrase, changed once'
    await demo.modal.getByRole('button', { name: 'Set a recovery passphrase' }).click()
    await expect(form.getByRole('heading', { name: 'Enter your recovery passphrase' })).toBeVisible()
    await form.getByLabel('Passphrase', { exact: true }).fill(changed)
    await form.getByRole('button', { name: 'Continue' }).click()
    await expect(form.getByRole('alert')).toHaveText('That is not the passphrase')
    await form.getByLabel('Passphrase', { exact: true }).fill(passphrase)
    await form.getByRole('button', { name: 'Continue' }).click()
    await expect(form.getByRole('heading', { name: 'Set a recovery passphrase' })).toBeVisible()
    await form.getByLabel('New passphrase').fill(changed)
    await form.getByLabel('Repeat it').fill(changed)
    await form.getByRole('button', { name: 'Set passphrase' }).click()
    await expect
      .poll(async () => (await latchServer.storage.auth.shares(account?.id ?? ''))?.passphraseProof)
      .not.toBe(shares?.passphraseProof)
    await expect(demo.modal.getByRole('heading', { name: 'Email Account' })).toBeVisible()

    // A new device: after the code, the frame asks for the passphrase over EmailVerify; the old one opens nothing.
    const { second, close } = await logInOnNewDevice(browser, demo, latchServer, email, theme)
    try {
      const unlock = walletFrame(second.page)
      await expect(unlock.getByRole('heading', { name: 'Enter your recovery passphrase' })).toBeVisible()
      await expect(second.state('status')).toHaveText('disconnected')
      await unlock.getByLabel('Passphrase', { exact: true }).fill(passphrase)
      await unlock.getByRole('button', { name: 'Continue' }).click()
      await expect(unlock.getByRole('alert')).toHaveText('That is not the passphrase')
      const audit = async (what: string) => {
        await expectNoAxeViolations(second.page, what, 'dialog.latch-dialog')
        await expectSoundLayout(second.page, what)
      }
      await audit(`EmailVerify, the passphrase form over it (${theme})`)
      // Cancel, then come back to it.
      await unlock.getByRole('button', { name: 'Cancel' }).click()
      await expect(second.modal.getByRole('alert')).toHaveText('This device needs your recovery passphrase')
      await audit(`EmailVerify, the passphrase cancelled (${theme})`)
      await second.modal.getByRole('button', { name: 'Enter passphrase' }).click()
      await unlock.getByLabel('Passphrase', { exact: true }).fill(changed)
      await unlock.getByRole('button', { name: 'Continue' }).click()
      await expect(second.state('status')).toHaveText('connected')
      await expect(second.state('address')).toHaveText(address ?? '')
    } finally {
      await close()
    }
  })
}

test('a wrong code shakes and says so; five lock the login; resend waits its 30 s', async ({
  demo,
  latchServer,
}) => {
  await demo.goto()
  const email = freshEmail('wrong')
  const code = codeOf(await startLogin(demo, latchServer, email))
  const wrong = code === '000000' ? '111111' : '000000'
  await expect(demo.modal.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled()
  const shook = await watchShakes(demo.page)
  await enterCode(demo, wrong)
  await expect(demo.modal.getByRole('alert')).toHaveText('Wrong code; 4 attempts left')
  await shook(1)
  for (let left = 3; left >= 1; left--) {
    await enterCode(demo, wrong)
    await expect(demo.modal.getByRole('alert')).toHaveText(
      `Wrong code; ${left} attempt${left === 1 ? '' : 's'} left`,
    )
  }
  await demo.modal.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(wrong)
  await expect(demo.modal.getByRole('alert')).toContainText(/too many/i)
  await expect(demo.modal.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeDisabled()
  await demo.modal.getByRole('button', { name: 'Start over' }).click()
  await expect(demo.modal.getByRole('textbox', { name: 'Email' })).toBeVisible()
})

for (const theme of ['dark', 'light'] as const) {
  test(`axe and the layout gate pass the e-mail field, the code view, Email Account (which moves the account to another address) and ApproveTransaction, ${theme} theme`, async ({
    demo,
    latchServer,
  }) => {
    test.setTimeout(120_000)
    const audit = async (what: string) => {
      await expectNoAxeViolations(demo.page, `${what} (${theme})`, 'dialog.latch-dialog')
      await expectSoundLayout(demo.page, `${what} (${theme})`)
    }
    await demo.goto()
    if (theme === 'light') await demo.page.getByRole('button', { name: 'Light theme' }).click()
    await demo.connectButton.click()
    await expect(demo.modal.getByRole('textbox', { name: 'Email' })).toBeVisible()
    await demo.modal.getByRole('textbox', { name: 'Email' }).fill('not an address')
    await demo.modal.getByRole('button', { name: 'Continue' }).click()
    await expect(demo.modal.getByRole('alert')).toHaveText('Enter a valid e-mail address')
    await audit('Connect, an invalid e-mail address')
    await demo.modal.getByRole('button', { name: 'Close' }).click()

    const email = freshEmail(`audit-${theme}`)
    const mail = await startLogin(demo, latchServer, email)
    await expect(demo.modal.getByText(`Enter the code we sent to ${email}`)).toBeVisible()
    await audit('EmailVerify, the code')
    await enterCode(demo, codeOf(mail))
    await expect(demo.state('status')).toHaveText('connected')
    await demo.accountButton.click()
    await expect(demo.modal.getByText(email, { exact: true })).toBeVisible()
    // Its Safe (SPEC §3's default), with the switch to the key's own account.
    await expect(demo.modal.getByRole('button', { name: /^Switch to your EOA/ })).toBeVisible()
    await audit('Account, an e-mail account')

    // Email Account: a code to each address, both typed, and the account signs in with the new one.
    await demo.modal.getByRole('button', { name: 'Manage' }).click()
    await expect(demo.modal.getByRole('heading', { name: 'Email Account' })).toBeVisible()
    const field = demo.modal.getByRole('textbox', { name: 'New email' })
    await field.fill(email)
    await demo.modal.getByRole('button', { name: 'Send codes' }).click()
    await expect(demo.modal.getByRole('alert')).toHaveText('This is the address the account has already')
    await audit('UpdateEmail, the same address')
    const moved = freshEmail(`moved-${theme}`)
    await field.fill(moved)
    const since = new Date()
    await demo.modal.getByRole('button', { name: 'Send codes' }).click()
    const [oldMail, newMail] = await Promise.all([
      latchServer.mail.waitFor(email, { since, timeoutMs: 15_000 }),
      latchServer.mail.waitFor(moved, { since, timeoutMs: 15_000 }),
    ])
    const oldCode = demo.modal.getByRole('textbox', { name: `Code sent to ${email}` })
    const newCode = demo.modal.getByRole('textbox', { name: `Code sent to ${moved}` })
    await oldCode.fill(codeOf(oldMail))
    await newCode.fill(codeOf(oldMail))
    await demo.modal.getByRole('button', { name: 'Update email' }).click()
    await expect(demo.modal.getByRole('alert')).toBeVisible()
    await audit('UpdateEmail, a wrong code')
    await newCode.fill(codeOf(newMail))
    await demo.modal.getByRole('button', { name: 'Update email' }).click()
    await expect(demo.page.getByText('Email updated')).toBeVisible()
    await expect(demo.modal.getByRole('heading', { name: 'Account' })).toBeVisible()
    await expect(demo.modal.getByText(moved, { exact: true })).toBeVisible()

    // The frame's passphrase form, in the modal; Cancel goes back.
    await demo.modal.getByRole('button', { name: 'Manage' }).click()
    await demo.modal.getByRole('button', { name: 'Set a recovery passphrase' }).click()
    const form = walletFrame(demo.page)
    await expect(form.getByRole('heading', { name: 'Set a recovery passphrase' })).toBeVisible()
    await audit('Recovery Passphrase, the frame’s form')
    await form.getByRole('button', { name: 'Cancel' }).click()
    await expect(demo.modal.getByRole('heading', { name: 'Email Account' })).toBeVisible()
    await audit('Email Account')
    await demo.modal.getByRole('button', { name: 'Close' }).click()

    await demo.page.getByRole('button', { name: `Sign “${message}”` }).click()
    const wallet = await approvalShown(demo.page)
    await audit('ApproveTransaction')
    await wallet.getByRole('button', { name: 'Reject' }).click()
    await expect(demo.page.getByTestId('result-error')).toBeVisible()
  })
}
