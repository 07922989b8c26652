import { anvilPrivateKeys, codeOf, testTokenAddresses } from '@latch/devnet'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { approvalShown, enterCode, freshEmail, logInNewAccount, startLogin } from './support/email.ts'
import { expect, test } from './support/fixtures.ts'
import { expectFreshNumbers, FRESH_MS } from './support/fresh.ts'

// The e-mail account's smart account (SPEC §3's default for eip155), end to end: the frame's Safe on the worker's
// devnet, its user operations through the server's bundler proxy (a real alto) and paymaster (the devnet's
// VerifyingPaymaster), every operation approved in the frame inside the modal.

const freshAddress = () =>
  privateKeyToAccount(`0x${crypto.randomUUID().replace(/-/g, '').padEnd(64, '7')}`).address

function devnetA(rpcUrl: string) {
  return defineChain({
    id: 31337,
    name: 'Latch Devnet A',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
}

/** `amount` LUSD sent to `to` on Devnet A by anvil's account 3, mined. */
async function giveLusd(rpc: string, to: `0x${string}`, amount: string) {
  const funder = createWalletClient({
    account: privateKeyToAccount(anvilPrivateKeys[3]!),
    chain: devnetA(rpc),
    transport: http(),
  })
  const hash = await funder.writeContract({
    address: testTokenAddresses.LUSD,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, 6)],
  })
  await createPublicClient({ transport: http(rpc) }).waitForTransactionReceipt({ hash })
}

test('a new e-mail account is a Safe, not yet deployed; holding only LUSD, it sends 1 LUSD from the Send view, sponsored: deployed by it, still without ETH, and Activity shows the send', {
  tag: '@dev',
}, async ({ demo, devnet, latchServer, page }) => {
  test.setTimeout(120_000)
  await demo.goto()
  const address = await logInNewAccount(demo, latchServer, 'safe')
  await expect(demo.state('accountType')).toHaveText('smartAccount')
  await expect(demo.state('smartAccountDeployed')).toHaveText('false')
  const chain = createPublicClient({ transport: http(devnet.rpcA), cacheTime: 0 })
  expect(await chain.getCode({ address })).toBeUndefined()

  // LUSD only.
  await giveLusd(devnet.rpcA, address, '5')
  expect(await chain.getBalance({ address })).toBe(0n)

  const receiver = freshAddress()
  const modal = demo.modal
  await demo.accountButton.click()
  await modal.getByRole('button', { name: 'Send' }).click()
  // With no ETH, no token is chosen by default.
  await modal.getByRole('button', { name: 'Select token', exact: true }).click()
  await modal.getByRole('button', { name: /LUSD/ }).click()
  await modal.getByRole('textbox', { name: 'Amount' }).fill('1')
  await modal.getByRole('textbox', { name: 'To' }).fill(receiver)
  // The gas check passes though it holds no ETH (a smart account); the review says the fee is the paymaster's.
  await expect(modal.getByTestId('latch-send-fee')).toHaveText(/ETH$/)
  await modal.getByRole('button', { name: 'Preview Send' }).click()
  await expect(modal.getByText('Sponsored', { exact: true })).toBeVisible()
  await modal.getByRole('button', { name: 'Send', exact: true }).click()

  // The frame shows the operation: the Safe, set up by it, and its fee sponsored.
  const wallet = await approvalShown(page, 'Contract call')
  await expect(wallet.getByText(`${address} (smart account, set up with this operation)`)).toBeVisible()
  await expect(wallet.getByText('Sponsored', { exact: true })).toBeVisible()
  await wallet.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText('Transaction started')).toBeVisible()

  const lusdOf = (owner: `0x${string}`) =>
    chain.readContract({
      address: testTokenAddresses.LUSD,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    })
  await expect.poll(() => lusdOf(receiver)).toBe(parseUnits('1', 6))
  expect(await lusdOf(address)).toBe(parseUnits('4', 6))
  expect(await chain.getBalance({ address })).toBe(0n)
  expect(await chain.getCode({ address })).toMatch(/^0x[0-9a-f]+$/)
  await expect(demo.state('smartAccountDeployed')).toHaveText('true')

  // The token row shows what is left at once; Activity the send, as the account's (the bundler sent the transaction).
  await expect(modal.getByRole('heading', { name: 'Account' })).toBeVisible()
  await expectFreshNumbers(
    demo,
    { value: 0n, decimals: 18, symbol: 'ETH' },
    { LUSD: { value: parseUnits('4', 6), decimals: 6 } },
  )
  await modal.getByRole('tab', { name: 'Activity' }).click()
  const activity = modal.getByRole('region', { name: 'Activity' })
  const sent = activity.locator('[data-hash]').filter({ hasText: '-1 LUSD' })
  await expect(sent).toBeVisible({ timeout: FRESH_MS })
  await expect(sent).toContainText('Sent')
})

test('wallet_sendCalls from the smart account: both transfers in one user operation, approved once, status success', async ({
  demo,
  devnet,
  latchServer,
  page,
}) => {
  test.setTimeout(90_000)
  await demo.goto()
  const address = await logInNewAccount(demo, latchServer, 'batch')
  await createTestClient({ mode: 'anvil', transport: http(devnet.rpcA) }).setBalance({
    address,
    value: parseEther('1'),
  })
  const chain = createPublicClient({ transport: http(devnet.rpcA), cacheTime: 0 })
  const receivers = [
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  ] as const
  const before = await Promise.all(receivers.map((receiver) => chain.getBalance({ address: receiver })))

  await page.getByRole('button', { name: 'Send 0.001 ETH to accounts 1 and 2 (calls)' }).click()
  const wallet = await approvalShown(page, 'Contract call')
  await expect(wallet.getByText(`1. To ${receivers[0]}, 0.001 ETH`)).toBeVisible()
  await expect(wallet.getByText(`2. To ${receivers[1]}, 0.001 ETH`)).toBeVisible()
  await expect(wallet.getByText('Sponsored', { exact: true })).toBeVisible()
  await wallet.getByRole('button', { name: 'Approve' }).click()
  // One bundle, atomic: the account's own (not the page's one by one).
  await expect(page.getByTestId('result-calls')).toHaveText(/^calls: 0x[0-9a-f]{128} \(atomic\)$/)
  await expect(async () => {
    await page.getByRole('button', { name: 'Status of the calls' }).click()
    await expect(page.getByTestId('result-calls-status')).toHaveText('calls-status: success, 1 receipt', {
      timeout: 1000,
    })
  }).toPass({ timeout: 15_000 })
  const after = await Promise.all(receivers.map((receiver) => chain.getBalance({ address: receiver })))
  expect(after.map((balance, i) => balance - before[i]!)).toEqual([parseEther('0.001'), parseEther('0.001')])
  // Both in the one transaction the bundler sent: one receipt, two transfers out of the Safe.
  expect(await chain.getBalance({ address })).toBe(parseEther('0.998'))
})

test('Switch to your EOA: the key’s own address and its balance, then back to the Safe; each choice survives a reload, and the readout, the store and the wallet agree on the address throughout', async ({
  demo,
  devnet,
  page,
  latchServer,
}) => {
  test.setTimeout(120_000)
  await demo.goto()
  const safe = await logInNewAccount(demo, latchServer, 'switch')
  const anvil = createTestClient({ mode: 'anvil', transport: http(devnet.rpcA) })
  await anvil.setBalance({ address: safe, value: parseEther('1') })
  const modal = demo.modal

  /** The address the hooks show is the one the wallet itself answers eth_accounts with. */
  async function agreed(address: string) {
    await expect(demo.state('address')).toHaveText(address)
    await page.getByRole('button', { name: 'Ask for the wallet’s accounts' }).click()
    await expect(page.getByTestId('result-accounts')).toHaveText(`accounts: ${address}`)
  }

  // (Read as 0 ETH at the login, kept for 30 s: the Safe's ether shows when it is read again, below.)
  await demo.accountButton.click()
  await modal.getByRole('button', { name: /^Switch to your EOA/ }).click()
  await expect(page.getByText('Switched to your EOA')).toBeVisible()
  // The message sits under the view's body, in the modal's flow: it covers none of its rows, this one included.
  const snack = (await modal.locator('.latch-snackbar').boundingBox())!
  const body = (await modal.locator('.latch-body').boundingBox())!
  expect(snack.y, 'the snackbar is below the rows').toBeGreaterThanOrEqual(body.y + body.height - 0.5)
  await expect(demo.state('accountType')).toHaveText('eoa')
  const eoa = (await demo.state('address').textContent()) as `0x${string}`
  expect(eoa).toMatch(/^0x[0-9a-fA-F]{40}$/)
  expect(eoa).not.toBe(safe)
  // The EOA's own balance (a new key's: none), and the row now offers the way back.
  await expect(modal.getByTestId('latch-account-balance')).toHaveText('0 ETH')
  // Back and forth within the 30 s balances are kept: the Safe's 1 ETH, read afresh (never the EOA's figure).
  await modal.getByRole('button', { name: /^Switch to smart account/ }).click()
  await expect(demo.state('address')).toHaveText(safe)
  await expect(modal.getByTestId('latch-account-balance')).toHaveText('1 ETH')
  await modal.getByRole('button', { name: /^Switch to your EOA/ }).click()
  await expect(demo.state('address')).toHaveText(eoa)
  await expect(modal.getByTestId('latch-account-balance')).toHaveText('0 ETH')
  await page.keyboard.press('Escape')
  await agreed(eoa)

  // The same key: the EOA signs for itself, with no Safe wrapping.
  await page.getByRole('button', { name: 'Sign “Hello from Latch”' }).click()
  await approvalShown(page).then((wallet) => wallet.getByRole('button', { name: 'Approve' }).click())
  const signature = ((await page.getByTestId('result-signature').textContent()) ?? '').replace(
    'signature: ',
    '',
  )
  const chain = createPublicClient({ transport: http(devnet.rpcA), cacheTime: 0 })
  expect(
    await chain.verifyMessage({
      address: eoa,
      message: 'Hello from Latch',
      signature: signature as `0x${string}`,
    }),
  ).toBe(true)
  expect(signature).toHaveLength(132)

  // The choice is kept for this user on this device: a reload comes back to the EOA.
  await page.reload()
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.state('accountType')).toHaveText('eoa')
  await agreed(eoa)

  // Funded meanwhile: switching back shows the Safe's balance, and the EOA's again once chosen again.
  await anvil.setBalance({ address: eoa, value: parseEther('2') })
  await demo.accountButton.click()
  await modal.getByRole('button', { name: /^Switch to smart account/ }).click()
  await expect(page.getByText('Switched to smart account')).toBeVisible()
  await expect(demo.state('accountType')).toHaveText('smartAccount')
  await expect(demo.state('address')).toHaveText(safe)
  await expect(modal.getByTestId('latch-account-balance')).toHaveText('1 ETH')
  await page.keyboard.press('Escape')
  await agreed(safe)

  await page.reload()
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.state('accountType')).toHaveText('smartAccount')
  await agreed(safe)
  await demo.accountButton.click()
  await modal.getByRole('button', { name: /^Switch to your EOA/ }).click()
  await expect(modal.getByTestId('latch-account-balance')).toHaveText('2 ETH')
  await page.keyboard.press('Escape')
  await agreed(eoa)
})

test('a swap from the smart account with only LUSD: approve and swap in one sponsored operation, approved once', async ({
  demo,
  devnet,
  latchServer,
  page,
}) => {
  test.setTimeout(120_000)
  await demo.goto()
  const address = await logInNewAccount(demo, latchServer, 'swap')
  const chain = createPublicClient({ transport: http(devnet.rpcA), cacheTime: 0 })
  await giveLusd(devnet.rpcA, address, '150')
  const balanceOf = (token: `0x${string}`) =>
    chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

  const modal = demo.modal
  await demo.accountButton.click()
  await modal.getByRole('button', { name: 'Swap' }).click()
  await modal.getByRole('button', { name: /Pay with ETH/ }).click()
  await modal.getByRole('list', { name: 'Tokens to pay with' }).getByRole('button', { name: /LUSD/ }).click()
  await modal.getByRole('textbox', { name: 'You pay' }).fill('100')
  await modal.getByRole('button', { name: 'Select token to receive' }).click()
  await modal.getByRole('list', { name: 'Tokens to receive' }).getByRole('button', { name: /LTK/ }).click()
  await expect(page.getByTestId('latch-swap-receive')).toHaveText(/^\d[\d.]*$/)
  await expect(page.getByTestId('latch-swap-receive')).not.toHaveText('0')
  // No ETH, and no 'Not enough ETH for gas': the paymaster pays.
  await modal.getByRole('button', { name: 'Review Swap' }).click()
  await modal.getByRole('button', { name: 'Swap', exact: true }).click()
  await expect(page.getByText('Confirm transaction in your wallet')).toBeVisible()

  // One approval for both calls: the router's allowance, then the swap.
  const wallet = await approvalShown(page, 'Contract call')
  await expect(wallet.getByText(`1. To ${testTokenAddresses.LUSD}, 0 ETH`)).toBeVisible()
  await expect(wallet.getByText(/2\. To 0x[0-9a-fA-F]{40}, 0 ETH/)).toBeVisible()
  await expect(wallet.getByText('Sponsored', { exact: true })).toBeVisible()
  await wallet.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText(/^Swapped 100 LUSD to [\d.]+ LTK$/)).toBeVisible({ timeout: 30_000 })

  expect(await balanceOf(testTokenAddresses.LUSD)).toBe(parseUnits('50', 6))
  expect(await balanceOf(testTokenAddresses.LTK)).toBeGreaterThan(0n)
  expect(await chain.getBalance({ address })).toBe(0n)
  await expect(demo.state('smartAccountDeployed')).toHaveText('true')
})

test('sign-in (SIWX) as the Safe: accepted before its deployment (ERC-6492) and, asked again after it, as the deployed contract (ERC-1271)', async ({
  demo,
  devnet,
  latchServer,
  page,
}) => {
  test.setTimeout(120_000)
  await demo.goto('&siwx=required')
  await enterCode(demo, codeOf(await startLogin(demo, latchServer, freshEmail('siwx-safe'))))
  const modal = demo.modal
  /** Signs in; resolves with the signature the page gave the server. */
  const signIn = async () => {
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/v1/sessions',
    )
    await expect(
      modal.getByRole('heading', { name: 'Latch demo needs to connect to your wallet' }),
    ).toBeVisible()
    await modal.getByRole('button', { name: 'Sign', exact: true }).click()
    const wallet = await approvalShown(page)
    await expect(wallet.getByLabel('Message')).toContainText(
      'wants you to sign in with your Ethereum account',
    )
    await wallet.getByRole('button', { name: 'Approve' }).click()
    // Closed only once the server has verified the signature and kept the session.
    await expect(modal).toBeHidden()
    return (JSON.parse((await posted).postData() ?? '{}') as { signature: string }).signature
  }
  /** ERC-6492's suffix: a signature for a contract not deployed yet, with its factory call. */
  const erc6492 = /6492649264926492649264926492649264926492649264926492649264926492$/
  expect(await signIn()).toMatch(erc6492)
  await expect(demo.state('accountType')).toHaveText('smartAccount')
  const address = (await demo.state('address').textContent()) as `0x${string}`
  const chain = createPublicClient({ transport: http(devnet.rpcA), cacheTime: 0 })
  expect(await chain.getCode({ address })).toBeUndefined()

  // Its first operation deploys it.
  await createTestClient({ mode: 'anvil', transport: http(devnet.rpcA) }).setBalance({
    address,
    value: parseEther('1'),
  })
  await page.getByRole('button', { name: 'Send 0.01 ETH to account 1' }).click()
  await (await approvalShown(page, 'Transaction request')).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('result-transaction')).toBeVisible({ timeout: 30_000 })
  expect(await chain.getCode({ address })).toMatch(/^0x[0-9a-f]+$/)

  // The page forgets its session: the next visit asks again, and the deployed Safe's signature is accepted.
  await page.evaluate(() => localStorage.removeItem('@latch/siwx'))
  await page.reload()
  expect(await signIn()).not.toMatch(erc6492)
  await expect(demo.state('status')).toHaveText('connected')
  await expect(demo.state('address')).toHaveText(address)
})
