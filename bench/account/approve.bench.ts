// Approve → receipt: from the visitor's click on Approve in the embedded wallet's frame to the page holding the
// answer of its `eth_sendTransaction` (the demo's 'Send 0.01 ETH to account 1'), timed on one clock (the browser's
// Date.now(), the click caught in the frame, the answer's element by a MutationObserver in the page). The e-mail
// account's Safe first: a sponsored user operation through the server's bundler proxy (a real alto) and paymaster,
// answered once its receipt is in (the frame asks after 50 ms, then 50 ms later each time); then the same key's own account (the EOA), a plain
// transaction, answered with its hash (anvil mines it as it arrives). Warm-up sends (the Safe's deployment among
// them) are not counted.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Frame, Page } from '@playwright/test'
import { createTestClient, http, parseEther } from 'viem'
import { approvalShown, logInNewAccount } from '../../e2e/support/email.ts'
import { expect, test } from '../../e2e/support/fixtures.ts'

const rounds = Number(process.env.BENCH_ROUNDS ?? 20)
const warmUp = 2
const out = process.env.BENCH_OUT ?? fileURLToPath(new URL('../results/approve.json', import.meta.url))

/** The wallet's frame (cross-origin, served from `origin`), to catch the click inside it. */
function walletFrameOf(page: Page, origin: string): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(origin))
  if (!frame) throw new Error('The wallet frame is not on the page')
  return frame
}

/** One send, approved: milliseconds from the click on Approve to the answer on the page. */
async function timedSend(page: Page, frameOrigin: string): Promise<number> {
  await page.evaluate(() => {
    const marks = window as unknown as { answeredAt?: number }
    marks.answeredAt = undefined
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="result-transaction"], [data-testid="result-error"]')) {
        marks.answeredAt = Date.now()
        observer.disconnect()
      }
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })
  await page.getByRole('button', { name: 'Send 0.01 ETH to account 1' }).click()
  const wallet = await approvalShown(page, 'Transaction request')
  const frame = walletFrameOf(page, frameOrigin)
  await frame.evaluate(() => {
    const marks = window as unknown as { clickedAt?: number }
    marks.clickedAt = undefined
    addEventListener('click', () => (marks.clickedAt ??= Date.now()), { capture: true, once: true })
  })
  await wallet.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('result-transaction')).toBeVisible({ timeout: 30_000 })
  const answeredAt = await page.evaluate(() => (window as unknown as { answeredAt?: number }).answeredAt)
  const clickedAt = await frame.evaluate(() => (window as unknown as { clickedAt?: number }).clickedAt)
  if (!answeredAt || !clickedAt) throw new Error('A mark is missing')
  return answeredAt - clickedAt
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

function summary(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    n: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0]!,
    max: sorted.at(-1)!,
  }
}

test('Approve → receipt: the e-mail account’s Safe (a sponsored user operation) and its key’s own account', async ({
  demo,
  devnet,
  latchServer,
  page,
}) => {
  await demo.goto()
  const safe = await logInNewAccount(demo, latchServer, 'bench')
  const anvil = createTestClient({ mode: 'anvil', transport: http(devnet.rpcA) })
  await anvil.setBalance({ address: safe, value: parseEther('10') })

  const frameOrigin = new URL(latchServer.frameUrl).origin
  const run = async () => {
    const times: number[] = []
    for (let round = 0; round < warmUp + rounds; round++) {
      const ms = await timedSend(page, frameOrigin)
      if (round >= warmUp) times.push(ms)
    }
    return times
  }
  const smart = await run()

  await demo.accountButton.click()
  await demo.modal.getByRole('button', { name: /^Switch to your EOA/ }).click()
  await expect(demo.state('accountType')).toHaveText('eoa')
  await page.keyboard.press('Escape')
  const eoa = (await demo.state('address').textContent()) as `0x${string}`
  await anvil.setBalance({ address: eoa, value: parseEther('10') })
  const plain = await run()

  const results = {
    date: new Date().toISOString(),
    rounds,
    warmUp,
    smartAccount: { ...summary(smart), times: smart },
    eoa: { ...summary(plain), times: plain },
  }
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`)
  const row = (name: string, s: ReturnType<typeof summary>) =>
    `| ${name} | ${s.n} | ${s.median} ms | ${s.p95} ms | ${s.min}–${s.max} ms |`
  console.log(
    [
      '| account | sends | median | p95 | min–max |',
      '| --- | --- | --- | --- | --- |',
      row('Safe, sponsored user operation', results.smartAccount),
      row('EOA, plain transaction', results.eoa),
    ].join('\n'),
  )
})
