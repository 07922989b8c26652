// EIP-5792's calls through core's `sendCalls`, from the demo's actions, with a wallet that has no wallet_sendCalls
// (the Dev Wallet): one transaction after the other, each approved, their status from the chain.
import { anvilAddresses } from '@latch/devnet'
import { createPublicClient, http, parseEther } from 'viem'
import { expect, test } from './support/fixtures.ts'

const [, account1, account2] = anvilAddresses

test('calls from a wallet without wallet_sendCalls: each approved in turn, both on chain, the status success', async ({
  demo,
  devnet,
}) => {
  await demo.goto()
  await demo.connectDevWallet()
  const chain = createPublicClient({ transport: http(devnet.rpcA) })
  const before = await Promise.all([account1, account2].map((address) => chain.getBalance({ address })))

  await demo.page.getByRole('button', { name: 'Send 0.001 ETH to accounts 1 and 2 (calls)' }).click()
  await demo.prompt.getByRole('button', { name: 'Approve' }).click()
  // The second transaction's own prompt.
  await expect(demo.prompt).toBeVisible()
  await demo.prompt.getByRole('button', { name: 'Approve' }).click()
  await expect(demo.page.getByTestId('result-calls')).toHaveText(
    /^calls: latch-calls:[0-9a-f-]{36} \(one by one\)$/,
  )

  const status = demo.page.getByRole('button', { name: 'Status of the calls' })
  await expect(async () => {
    await status.click()
    await expect(demo.page.getByTestId('result-calls-status')).toHaveText(
      'calls-status: success, 2 receipts',
      {
        timeout: 1000,
      },
    )
  }).toPass({ timeout: 15_000 })
  const after = await Promise.all([account1, account2].map((address) => chain.getBalance({ address })))
  expect(after.map((balance, i) => balance - before[i]!)).toEqual([parseEther('0.001'), parseEther('0.001')])
})

test('a declined first call sends nothing and says so', async ({ demo }) => {
  await demo.goto()
  await demo.connectDevWallet()
  await demo.page.getByRole('button', { name: 'Send 0.001 ETH to accounts 1 and 2 (calls)' }).click()
  await demo.prompt.getByRole('button', { name: 'Reject' }).click()
  await expect(demo.page.getByTestId('result-error')).toHaveText('error: Request declined in the wallet')
  await expect(demo.page.getByRole('button', { name: 'Status of the calls' })).toBeDisabled()
})
