import { anvilAddresses } from '@latch/devnet'
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { expect, test } from './support/fixtures.ts'

const [account0, account1] = anvilAddresses

test('a wallet that never answers: the view offers retry after a bounded wait', async ({ demo }) => {
  await demo.goto('&connectTimeoutMs=1500')
  await demo.connectButton.click()
  await demo.modal.getByRole('button', { name: /Latch Dev Wallet/ }).click()
  // Nobody answers the wallet's prompt.
  await expect(demo.prompt).toBeVisible()
  await expect(demo.modal.getByText('The wallet did not respond')).toBeVisible()
  await expect(demo.state('status')).toHaveText('disconnected')
  await expect(demo.modal.getByRole('button', { name: 'Try again' })).toBeVisible()

  // The visitor closes the stale wallet prompt (its late answer changes nothing) and retries.
  await demo.prompt.getByRole('button', { name: 'Reject' }).click()
  await expect(demo.modal.getByText('The wallet did not respond')).toBeVisible()
  await demo.modal.getByRole('button', { name: 'Try again' }).click()
  await demo.prompt.getByRole('button', { name: 'Approve' }).click()
  await expect(demo.state('status')).toHaveText('connected')
})

test('an unreachable RPC shows the balance as unavailable without breaking the view', async ({
  demo,
  devnet,
}) => {
  // Chain B's RPC points at a closed port; chain A is fine.
  demo.devnet = { ...devnet, rpcB: 'http://127.0.0.1:9' }
  await demo.goto()
  await demo.connectDevWallet()
  await demo.accountButton.click()
  await expect(demo.modal.getByTestId('latch-account-balance')).toContainText('ETH')

  await demo.modal.getByRole('button', { name: 'Latch Devnet A' }).click()
  await demo.modal.getByRole('button', { name: 'Latch Devnet B' }).click()
  await expect(demo.state('network')).toHaveText('eip155:31338')
  await expect(demo.modal.getByText('Balance unavailable')).toBeVisible()
  // The rest of the view still works.
  await expect(demo.modal.getByTestId('latch-account-address')).toHaveText('0xf39F…2266')
  await expect(demo.modal.getByRole('button', { name: 'Retry balance' })).toBeVisible()
  await expect(demo.modal.getByRole('button', { name: 'Disconnect' })).toBeEnabled()
})

test('personal_sign and a transaction round-trip with real signatures', { tag: '@csp' }, async ({
  demo,
  devnet,
}) => {
  await demo.goto()
  await demo.connectDevWallet()

  await demo.page.getByRole('button', { name: /Sign “Hello from Latch”/ }).click()
  await demo.prompt.getByRole('button', { name: 'Approve' }).click()
  const signature = (await demo.page.getByTestId('result-signature').textContent())!.replace(
    'signature: ',
    '',
  )
  expect(
    await verifyMessage({
      address: account0,
      message: 'Hello from Latch',
      signature: signature as `0x${string}`,
    }),
  ).toBe(true)

  const chain = createPublicClient({ transport: http(devnet.rpcA) })
  const before = await chain.getBalance({ address: account1 })
  await demo.page.getByRole('button', { name: 'Send 0.01 ETH to account 1' }).click()
  await demo.prompt.getByRole('button', { name: 'Approve' }).click()
  const hash = (await demo.page.getByTestId('result-transaction').textContent())!.replace('transaction: ', '')
  const receipt = await chain.waitForTransactionReceipt({ hash: hash as `0x${string}` })
  expect(receipt.status).toBe('success')
  expect((await chain.getBalance({ address: account1 })) - before).toBe(parseEther('0.01'))

  // A declined signature is a typed, readable error.
  await demo.page.getByRole('button', { name: /Sign “Hello from Latch”/ }).click()
  await demo.prompt.getByRole('button', { name: 'Reject' }).click()
  await expect(demo.page.getByTestId('result-error')).toHaveText('error: Request declined in the wallet')
})
