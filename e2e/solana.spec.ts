import { solanaTestAddresses, solanaTestToken } from '@latch/devnet'
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { expect, test } from './support/fixtures.ts'
import { expectFreshNumbers } from './support/fresh.ts'

// Solana through the Dev Wallet's Wallet Standard side, on the worker's local Solana chain (`solana=`). Each test
// uses a test account of its own (`account=`), and sends to fresh addresses, whose balances change by exactly what
// was sent.

const freshAddress = async () => (await generateKeyPairSigner()).address

test.describe('Solana', () => {
  test('an EVM-only page (no solana=) fetches nothing of Solana, even with the modal open', async ({
    demo,
    devnet,
  }) => {
    const fetched: string[] = []
    demo.page.on('request', (request) => fetched.push(request.url()))
    await demo.goto()
    await demo.connectButton.click()
    await expect(demo.modal.getByRole('button', { name: /Latch Dev Wallet/ })).toBeVisible()
    const solanaCode = await Promise.all(
      fetched
        .filter((url) => url.endsWith('.js'))
        .map(async (url) => ({ url, text: await (await fetch(url)).text() })),
    )
    // The Solana adapter's chunk carries @solana/kit's RPC: no script the page fetched does.
    expect(
      solanaCode.filter(({ text }) => text.includes('getSignaturesForAddress')).map(({ url }) => url),
    ).toEqual([])
    expect(fetched.filter((url) => url.startsWith(devnet.solanaRpc))).toEqual([])
  })

  test('connects on the local Solana chain, shows SOL and LUSD-SOL, sends 0.1 SOL and 5 LUSD-SOL', {
    tag: ['@csp', '@dev'],
  }, async ({ demo, devnet }) => {
    const rpc = createSolanaRpc(devnet.solanaRpc)
    const receiver = await freshAddress()
    await demo.goto(`solana=${encodeURIComponent(devnet.solanaRpc)}&account=3`)
    const { modal, page } = demo

    // The network first: the Connect view then offers the wallet's Solana side.
    await page.getByRole('button', { name: /switch network/ }).click()
    await modal.getByRole('button', { name: /Latch Solana Local/ }).click()
    await expect(demo.state('network')).toHaveText(/^solana:/)
    await demo.connectDevWallet()
    await expect(demo.state('address')).toHaveText(solanaTestAddresses[3]!)
    await expect(demo.state('balance')).toHaveText(/ SOL$/)

    await demo.accountButton.click()
    const tokens = modal.getByRole('region', { name: 'Tokens' })
    await expect(tokens.getByText('LUSD-SOL')).toBeVisible()
    await expect(tokens.getByText('SOL', { exact: true })).toBeVisible()

    // 0.1 SOL, the network's coin, chosen by default.
    await modal.getByRole('button', { name: 'Send' }).click()
    await expect(modal.getByRole('button', { name: /Token: SOL/ })).toBeVisible()
    await modal.getByRole('textbox', { name: 'Amount' }).fill('0.1')
    await modal.getByRole('textbox', { name: 'To' }).fill(receiver)
    await modal.getByRole('button', { name: 'Preview Send' }).click()
    await modal.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(demo.prompt.getByRole('heading', { name: 'Send transaction' })).toBeVisible()
    await expect(demo.prompt).toContainText(`0.1 SOL to ${receiver}`)
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByText('Transaction started')).toBeVisible()
    await expect.poll(async () => (await rpc.getBalance(receiver).send()).value).toBe(100_000_000n)
    // Within a second or two the balance and the token rows are the chain's, not the 30 s cache's.
    const sender = address(solanaTestAddresses[3]!)
    const sol = async () => ({
      value: (await rpc.getBalance(sender).send()).value,
      decimals: 9,
      symbol: 'SOL',
    })
    await expectFreshNumbers(demo, await sol())

    // 5 LUSD-SOL: the receiver has no token account yet; the send creates it.
    await modal.getByRole('button', { name: 'Send' }).click()
    await modal.getByRole('button', { name: /Token: SOL/ }).click()
    await modal.getByRole('button', { name: /LUSD-SOL/ }).click()
    await modal.getByRole('textbox', { name: 'Amount' }).fill('5')
    await modal.getByRole('textbox', { name: 'To' }).fill(receiver)
    await modal.getByRole('button', { name: 'Preview Send' }).click()
    await modal.getByRole('button', { name: 'Send', exact: true }).click()
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByText('Transaction started')).toBeVisible()
    const tokenAmount = async () => {
      const { value } = await rpc
        .getTokenAccountsByOwner(
          receiver,
          { mint: address(solanaTestToken.address) },
          { encoding: 'jsonParsed' },
        )
        .send()
      return value[0]?.account.data.parsed.info.tokenAmount.amount
    }
    await expect.poll(tokenAmount).toBe('5000000')
    expect((await rpc.getBalance(receiver).send()).value).toBe(100_000_000n)
    const { value: held } = await rpc
      .getTokenAccountsByOwner(sender, { mint: address(solanaTestToken.address) }, { encoding: 'jsonParsed' })
      .send()
    const lusdSol = held[0]!.account.data.parsed.info.tokenAmount
    await expectFreshNumbers(demo, await sol(), {
      'LUSD-SOL': { value: BigInt(lusdSol.amount), decimals: lusdSol.decimals },
    })

    // Activity: both sends, from the server's reading of the chain (pending until it lists them).
    await modal.getByRole('tab', { name: 'Activity' }).click()
    const activity = modal.getByRole('region', { name: 'Activity' })
    await expect(activity.locator('[data-hash]').filter({ hasText: '-5 LUSD-SOL' })).toContainText('Sent')
    await expect(activity.locator('[data-hash]').filter({ hasText: '-0.1 SOL' })).toContainText('Sent')
    await expect(activity.getByText('Pending')).toHaveCount(0, { timeout: 45_000 })
    // The chain's own seeding, read as a visitor would: the mint that funded the account is what it received, and
    // nothing is called received that moved nothing to it.
    await expect(activity.locator('[data-hash]').filter({ hasText: '+1,000,000 LUSD-SOL' })).toContainText(
      'Received',
    )
    for (const row of await activity.locator('[data-hash]').filter({ hasText: 'Received' }).all())
      await expect(row).toContainText('+')
  })

  test('a send without amount or receiver says so; an address that is not base58 is refused', async ({
    demo,
    devnet,
  }) => {
    await demo.goto(`solana=${encodeURIComponent(devnet.solanaRpc)}&account=2&autoApprove=1`)
    const { modal, page } = demo
    await page.getByRole('button', { name: /switch network/ }).click()
    await modal.getByRole('button', { name: /Latch Solana Local/ }).click()
    await demo.connectButton.click()
    await modal.getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await expect(demo.state('status')).toHaveText('connected')
    await demo.accountButton.click()
    await modal.getByRole('button', { name: 'Send' }).click()
    await expect(modal.getByRole('button', { name: /Token: SOL/ })).toBeVisible()

    const message = modal.getByRole('button', { name: 'Please enter a valid amount and receiver address' })
    await expect(message).toBeDisabled()
    await modal.getByRole('textbox', { name: 'Amount' }).fill('0.5')
    await expect(message).toBeDisabled()
    await modal.getByRole('textbox', { name: 'To' }).fill('0OIl-not-base58-0OIl-not-base58-0OIl')
    await expect(modal.getByRole('button', { name: 'Invalid Address' })).toBeDisabled()
    await expect(modal.getByRole('textbox', { name: 'To' })).toHaveAttribute('aria-invalid', 'true')
    await modal.getByRole('textbox', { name: 'To' }).fill(await freshAddress())
    await expect(modal.getByRole('button', { name: 'Preview Send' })).toBeEnabled()
  })

  test('one wallet in both namespaces: one row; the modal switches Devnet A → Solana → Devnet A', async ({
    demo,
    devnet,
  }) => {
    await demo.goto(`solana=${encodeURIComponent(devnet.solanaRpc)}&account=4`)
    const { modal, page } = demo
    await demo.connectButton.click()
    await expect(modal.getByRole('button', { name: /Latch Dev Wallet/ })).toHaveCount(1)
    await modal.getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(demo.state('caipAddress')).toHaveText(/^eip155:31337:0x/)

    await page.getByRole('button', { name: /switch network/ }).click()
    await modal.getByRole('button', { name: /Latch Solana Local/ }).click()
    // The wallet's Solana side asks once, then the account is the Solana one.
    await expect(demo.prompt.getByRole('heading', { name: /Connect to/ })).toBeVisible()
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(demo.state('caipAddress')).toHaveText(
      `solana:B3a6eJyjz4Nhac9rNdEn8s1tXP2C949m:${solanaTestAddresses[4]}`,
    )
    await expect(demo.state('balance')).toHaveText(/ SOL$/)

    await page.getByRole('button', { name: /switch network/ }).click()
    await modal.getByRole('button', { name: /Latch Devnet A/ }).click()
    await expect(demo.state('caipAddress')).toHaveText(/^eip155:31337:0x/)
    await expect(demo.state('balance')).toHaveText(/ ETH$/)
    await expect(demo.prompt).toBeHidden()
  })

  test('sign-in with Solana required: signed once in the wallet, the session kept across a reload', async ({
    demo,
    devnet,
    page,
  }) => {
    const account = solanaTestAddresses[5]!
    await demo.goto(`solana=${encodeURIComponent(devnet.solanaRpc)}&account=5&siwx=required`)
    const { modal } = demo
    await page.getByRole('button', { name: /switch network/ }).click()
    await modal.getByRole('button', { name: /Latch Solana Local/ }).click()
    await demo.connectDevWallet()
    await expect(
      modal.getByRole('heading', { name: 'Latch demo needs to connect to your wallet' }),
    ).toBeVisible()
    await modal.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(demo.prompt).toContainText('wants you to sign in with your Solana account')
    await expect(demo.prompt).toContainText(account)
    await demo.prompt.getByRole('button', { name: 'Approve' }).click()
    await expect(modal).toBeHidden()
    await expect(demo.state('caipAddress')).toHaveText(`solana:B3a6eJyjz4Nhac9rNdEn8s1tXP2C949m:${account}`)

    // A reload reconnects the Solana side silently and finds the session on the server: nothing to sign.
    const read = page.waitForResponse((response) => response.url().includes(`/v1/sessions/${account}`))
    await page.reload()
    expect((await read).status()).toBe(200)
    await expect(demo.state('caipAddress')).toHaveText(`solana:B3a6eJyjz4Nhac9rNdEn8s1tXP2C949m:${account}`)
    await expect(modal).toBeHidden()
    await expect(demo.prompt).toBeHidden()
  })
})
