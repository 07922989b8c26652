import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import {
  codeOf,
  type Devnet,
  deviceLinkOf,
  type MailCatcher,
  startDevnet,
  startMailCatcher,
} from '@latch/devnet'
import { type BlockchainConfig, devnetBlockchainConfig, type LatchServer, startServer } from '@latch/server'
import { expect, type Page, test } from '@playwright/test'
import {
  createPublicClient,
  createTestClient,
  http,
  parseEther,
  stringToHex,
  toHex,
  verifyMessage,
} from 'viem'
import { build } from 'vite'
import { clientSourceConditions } from '../scripts/sourceConditions.ts'

// The embedded wallet's frame, served by a real Latch server on its own origin and built as `npm run build` builds
// it, opened by core's own channel code (bundled here for a plain page) from pages of two other origins: the
// project's allowed one, and a stranger's. (Pages on this machine: Chromium blocks a page it thinks public from
// framing a local address, so the pages cannot be made up with page.route.)
const PROJECT = 'frame-e2e'

/** The chains without their bundlers. */
const withoutBundlers = (config: BlockchainConfig): BlockchainConfig => ({
  ...config,
  chains: config.chains.map(({ bundlerUrl: _, ...chain }) => chain),
})

let server: LatchServer
let catcher: MailCatcher
/** The frame's chain B, which it reads from the page's browser (chain A's address is left unserved). */
let devnet: Devnet
let frameUrl: string
let channelScript: string
let DAPP: string
let STRANGER: string
const pages = new Map<string, string>()
const sites: Server[] = []

/** A site on 127.0.0.1 serving `pages` (by origin and path) and the channel bundle at /channel.js. */
async function site(): Promise<string> {
  const http = createServer((request, response) => {
    const origin = `http://${request.headers.host}`
    if (request.url === '/channel.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(channelScript)
      return
    }
    const html = pages.get(`${origin}${request.url}`) ?? '<!doctype html><title>page</title>'
    response.writeHead(200, { 'content-type': 'text/html' }).end(`${html}<script src="/channel.js"></script>`)
  })
  sites.push(http)
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`
}

// One worker runs the file's tests in order: its set-up (a chain, a server, the channel's bundle) is paid once, not
// once per worker that would take a share of them.
test.describe.configure({ mode: 'default' })

test.beforeAll(async () => {
  DAPP = await site()
  STRANGER = await site()
  catcher = await startMailCatcher({ port: 0 })
  devnet = await startDevnet({ chains: [{ chainId: 31338, port: 0 }] })
  server = await startServer({
    port: 0,
    dataDir: 'memory',
    index: false,
    // No bundler: the frame's account is then its key's own (the smart account has tests of its own).
    blockchain: withoutBundlers(devnetBlockchainConfig({ rpcB: devnet.chains[0]!.rpcUrl })),
    frame: { port: 0, smtpUrl: catcher.url },
    projects: [{ id: PROJECT, name: 'Frame e2e', allowedOrigins: [DAPP], analyticsEnabled: false }],
  })
  frameUrl = server.frame?.url ?? ''
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { conditions: clientSourceConditions },
    build: {
      write: false,
      lib: {
        entry: fileURLToPath(new URL('../packages/core/src/frame/index.ts', import.meta.url)),
        formats: ['iife'],
        name: 'latchFrame',
      },
    },
  })
  const [bundle] = Array.isArray(output) ? output : [output]
  channelScript = (bundle as { output: { code?: string }[] }).output[0]?.code ?? ''
})
test.afterAll(async () => {
  for (const http of sites) http.close()
  await server?.close()
  await catcher?.close()
  await devnet?.stop()
})

type Answer = { result: unknown } | { error: { name: string; code: number; message: string; data: unknown } }

/** Opens the frame's channel in the page (once; kept on window) and asks it `method`. */
async function ask(page: Page, method: string, params?: unknown, timeoutMs = 10_000): Promise<Answer> {
  return page.evaluate(
    async ({ frameUrl, project, method, params, timeoutMs }) => {
      const held = window as unknown as {
        latchFrame: typeof import('@latch/core/frame')
        channel?: Promise<import('@latch/core/frame').FrameChannel>
      }
      held.channel ??= held.latchFrame
        .openFrameChannel({ frameUrl, projectId: project, loadTimeoutMs: 5000 })
        .then((opened) => {
          // What the modal does: show the frame, at the modal body's size, while it asks the visitor.
          opened.onEvent(({ event }) => {
            opened.iframe.hidden = event === 'hide'
            opened.iframe.style.width = '360px'
            opened.iframe.style.height = '600px'
            opened.iframe.style.border = '0'
          })
          return opened
        })
      const channel = await held.channel
      return channel
        .request(method as never, params, { timeoutMs })
        .then((result) => ({ result }))
        .catch((error) => ({
          error: {
            name: error.name,
            code: error.code,
            message: error.shortMessage,
            data: error.data ?? null,
          },
        }))
    },
    { frameUrl, project: PROJECT, method, params, timeoutMs },
  )
}

let unique = 0
const newEmail = () => `frame${++unique}-${Date.now()}@example.com`

/** A new address logged in on the page's frame with the code read from the catcher: the address and the answer. */
async function logIn(page: Page) {
  const email = newEmail()
  const since = new Date()
  await ask(page, 'connectEmail', { email })
  const login = await ask(page, 'connectOtp', { otp: codeOf(await catcher.waitFor(email, { since })) })
  const address = ('result' in login ? (login.result as { address: string }).address : '0x') as `0x${string}`
  return { email, login, address }
}

const openAt = (page: Page, origin: string) => page.goto(`${origin}/`)

test('a page of the project’s allowed origins connects over the channel; it cannot read into the frame', async ({
  page,
}) => {
  await openAt(page, DAPP)
  const seen = await page.evaluate(
    async ({ frameUrl, project }) => {
      const { openFrameChannel } = (window as unknown as { latchFrame: typeof import('@latch/core/frame') })
        .latchFrame
      const channel = await openFrameChannel({ frameUrl, projectId: project, loadTimeoutMs: 5000 })
      const connected = await channel.request('isConnected')
      const refused = await channel.request('initSmartAccount').catch((error) => ({
        name: error.name,
        code: error.code,
        message: error.shortMessage,
      }))
      let readable: boolean
      try {
        readable = channel.iframe.contentWindow?.document !== undefined
      } catch {
        readable = false
      }
      const hidden = channel.iframe.hidden
      channel.close()
      const afterClose = await channel.request('isConnected').catch((error) => error.shortMessage)
      return {
        connected,
        refused,
        readable,
        hidden,
        afterClose,
        left: document.querySelectorAll('iframe').length,
      }
    },
    { frameUrl, project: PROJECT },
  )
  expect(seen).toEqual({
    connected: { isConnected: false },
    refused: {
      name: 'FrameRequestError',
      code: -32602,
      // The smart-account setup names the account type it takes.
      message: 'type must be eoa or smartAccount',
    },
    readable: false,
    hidden: true,
    afterClose: 'The wallet was closed',
    left: 0,
  })
})

test('a page of another origin cannot load the frame, even naming the allowed page as its parent', async ({
  page,
}) => {
  await openAt(page, STRANGER)
  const refused = await page.evaluate(
    async ({ frameUrl, project }) => {
      const { openFrameChannel } = (window as unknown as { latchFrame: typeof import('@latch/core/frame') })
        .latchFrame
      return openFrameChannel({ frameUrl, projectId: project, loadTimeoutMs: 2000 }).then(
        () => 'connected',
        (error) => `${error.name}: ${error.shortMessage}`,
      )
    },
    { frameUrl, project: PROJECT },
  )
  expect(refused).toBe('FrameLoadError: The wallet could not be loaded')

  // Lying about its origin: the server writes the allowed page as the only frame-ancestor, so the browser does not
  // render the frame here, and nothing is ever posted to this page.
  const frameResponse = page.waitForResponse((response) => response.url().startsWith(`${frameUrl}/frame`))
  const messages = await page.evaluate(
    async ({ frameUrl, project, dapp }) => {
      const received: unknown[] = []
      window.addEventListener('message', (event) => received.push(event.data))
      const iframe = document.createElement('iframe')
      iframe.src = `${frameUrl}/frame?projectId=${project}&parent=${encodeURIComponent(dapp)}`
      document.body.append(iframe)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      return received
    },
    { frameUrl, project: PROJECT, dapp: DAPP },
  )
  expect((await frameResponse).headers()['content-security-policy']).toContain(`frame-ancestors ${DAPP}`)
  expect(messages).toEqual([])
})

test('another origin’s frame inside the allowed page, posting to the wallet frame first, gets nothing', async ({
  page,
}) => {
  // The allowed page holds the wallet frame and a stranger's frame (an ad, say) that tries to connect to it first.
  pages.set(
    `${STRANGER}/ad.html`,
    `<!doctype html><script>
        const answers = []
        const attempt = () => {
          const wallet = parent.frames[0]
          const { port1, port2 } = new MessageChannel()
          port1.onmessage = (event) => answers.push(event.data)
          wallet.postMessage({ protocol: 'latch-frame', type: 'connect', version: 1 }, '*', [port2])
          port1.postMessage({ id: 'stolen', method: 'isConnected' })
          wallet.postMessage({ id: 'direct', method: 'isConnected' }, '*')
        }
        const timer = setInterval(attempt, 100)
        setTimeout(() => {
          clearInterval(timer)
          parent.postMessage({ strangerAnswers: answers.length }, '${DAPP}')
        }, 2000)
      </script>`,
  )
  await openAt(page, DAPP)
  const outcome = await page.evaluate(
    async ({ frameUrl, project, stranger }) => {
      const wallet = document.createElement('iframe')
      wallet.src = `${frameUrl}/frame?projectId=${project}&parent=${encodeURIComponent(location.origin)}`
      const walletReady = new Promise<void>((resolve) =>
        window.addEventListener('message', (event) => {
          if (event.source === wallet.contentWindow) resolve()
        }),
      )
      document.body.append(wallet)
      await walletReady
      const strangerDone = new Promise<number>((resolve) =>
        window.addEventListener('message', (event) => {
          if (event.origin === stranger) resolve(event.data.strangerAnswers)
        }),
      )
      const strangerFrame = document.createElement('iframe')
      strangerFrame.src = `${stranger}/ad.html`
      document.body.append(strangerFrame)
      const strangerAnswers = await strangerDone
      // The page itself still connects: the frame ignored the stranger, it did not stop.
      const { port1, port2 } = new MessageChannel()
      wallet.contentWindow?.postMessage(
        { protocol: 'latch-frame', type: 'connect', version: 1 },
        new URL(frameUrl).origin,
        [port2],
      )
      const answer = await new Promise((resolve) => {
        port1.onmessage = (event) => resolve(event.data)
        port1.postMessage({ id: 'mine', method: 'isConnected' })
        setTimeout(() => resolve('no answer'), 3000)
      })
      return { strangerAnswers, answer }
    },
    { frameUrl, project: PROJECT, stranger: STRANGER },
  )
  expect(outcome).toEqual({ strangerAnswers: 0, answer: { id: 'mine', result: { isConnected: false } } })
})

test('e-mail login through the frame: the code from the mail, the user, a reload without a code, sign out', async ({
  page,
}) => {
  await openAt(page, DAPP)
  const email = newEmail()
  const since = new Date()
  expect(await ask(page, 'connectEmail', { email })).toEqual({
    result: { action: 'VERIFY_OTP', resendAt: expect.any(String) },
  })
  const code = codeOf(await catcher.waitFor(email, { since }))
  const user = await ask(page, 'connectOtp', { otp: code })
  // The account's key, made in the frame: its address (the key itself never leaves the frame).
  expect(user).toEqual({
    result: {
      id: expect.any(String),
      email,
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      // An e-mail login: no social provider, no handle.
      socialProvider: null,
      username: null,
      // The key's own account: this server has no bundler for a smart account.
      accountType: 'eoa',
      eoaAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    },
  })
  const { address, eoaAddress } = (user as { result: { address: string; eoaAddress: string } }).result
  expect(eoaAddress).toBe(address)

  // A new page load: the frame's own storage keeps the session (the page's holds nothing of it).
  await page.reload()
  expect(await ask(page, 'isConnected')).toEqual({ result: { isConnected: true } })
  expect(await ask(page, 'getUser')).toEqual(user)
  expect(await page.evaluate(() => indexedDB.databases().then((dbs) => dbs.map((db) => db.name)))).toEqual([])

  expect(await ask(page, 'signOut')).toEqual({ result: { signedOut: true, forgotDevice: false } })
  expect(await ask(page, 'isConnected')).toEqual({ result: { isConnected: false } })
  expect(await ask(page, 'getUser')).toMatchObject({ error: { code: 4100, message: 'Not logged in' } })

  // Signed out, the device is still known: a code at once. Forgotten, it is a new device: the mailed link again, though
  // the answer is the same (a stranger cannot tell an account's new device from a new address).
  const againSince = new Date()
  expect(await ask(page, 'connectEmail', { email })).toMatchObject({ result: { action: 'VERIFY_OTP' } })
  const again = await ask(page, 'connectOtp', {
    otp: codeOf(await catcher.waitFor(email, { since: againSince })),
  })
  expect(again).toEqual(user)
  expect(await ask(page, 'signOut', { forgetDevice: true })).toEqual({
    result: { signedOut: true, forgotDevice: true },
  })
  const linkSince = new Date()
  expect(await ask(page, 'connectEmail', { email })).toEqual({
    result: { action: 'VERIFY_OTP', resendAt: expect.any(String) },
  })
  expect((await catcher.waitFor(email, { since: linkSince })).subject).toBe('Approve a new device')
})

test('a new device logs in to the same account once the mailed link approves it; five wrong codes lock', async ({
  browser,
  page,
}) => {
  await openAt(page, DAPP)
  const { email, login: first } = await logIn(page)

  // Another browser profile: another device.
  const other = await browser.newContext()
  const device = await other.newPage()
  await openAt(device, DAPP)
  let since = new Date()
  expect(await ask(device, 'connectEmail', { email })).toEqual({
    result: { action: 'VERIFY_OTP', resendAt: expect.any(String) },
  })
  const mailbox = await other.newPage()
  await mailbox.goto(deviceLinkOf(await catcher.waitFor(email, { since })))
  const codeSince = new Date()
  await mailbox.getByRole('button', { name: 'Approve this device' }).click()
  await expect(mailbox.getByRole('heading', { name: 'Device approved' })).toBeVisible()
  const code = codeOf(await catcher.waitFor(email, { since: codeSince }))
  // The new device rebuilds the key from the server's two shares: the same account, the same address.
  const second = await ask(device, 'connectOtp', { otp: code })
  expect(second).toEqual(first)
  expect(second).toMatchObject({ result: { address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) } })

  // The device is known now: its next login mails a code at once. Five wrong codes lock it, the right one too.
  await ask(device, 'signOut')
  since = new Date()
  expect(await ask(device, 'connectEmail', { email })).toMatchObject({ result: { action: 'VERIFY_OTP' } })
  const next = codeOf(await catcher.waitFor(email, { since }))
  const wrong = next === '000000' ? '000001' : '000000'
  const refusals = []
  for (let i = 0; i < 5; i++) refusals.push(await ask(device, 'connectOtp', { otp: wrong }))
  expect(refusals.map((refusal) => ('error' in refusal ? refusal.error.message : 'accepted'))).toEqual([
    'Wrong code; 4 attempts left',
    'Wrong code; 3 attempts left',
    'Wrong code; 2 attempts left',
    'Wrong code; 1 attempt left',
    'Too many wrong codes; ask for a new code',
  ])
  expect(await ask(device, 'connectOtp', { otp: next })).toMatchObject({
    error: { data: { reason: 'locked' } },
  })
  // A new code is refused before 30 s, and its wait is said.
  expect(await ask(device, 'resendOtp')).toMatchObject({ error: { data: { status: 429, reason: 'wait' } } })
  await other.close()
})

test('personal_sign runs only once approved in the frame, which the page shows; a rejection signs nothing', async ({
  page,
}) => {
  await openAt(page, DAPP)
  const { address } = await logIn(page)
  const frame = page.frameLocator('iframe')
  const wallet = page.locator('iframe')
  await expect(wallet).toBeHidden()

  const message = 'Sign in to Latch e2e\nNonce: 42'
  const signing = ask(
    page,
    'rpcRequest',
    { method: 'personal_sign', params: [stringToHex(message), address], chainId: 31337 },
    30_000,
  )
  await expect(frame.getByRole('heading', { name: 'Signature request' })).toBeVisible()
  await expect(wallet).toBeVisible()
  expect(await wallet.boundingBox()).toMatchObject({ width: 360, height: 600 })
  await expect(frame.getByText(DAPP)).toBeVisible()
  await expect(frame.getByLabel('Message')).toHaveText(message)
  await expect(frame.getByText(address)).toBeVisible()
  // Nothing a held key could press has focus; a second request meanwhile is refused, never drawn over this one.
  await expect(frame.getByRole('button', { name: 'Approve' })).not.toBeFocused()
  expect(
    await ask(page, 'rpcRequest', {
      method: 'personal_sign',
      params: [stringToHex('swapped'), address],
      chainId: 31337,
    }),
  ).toMatchObject({
    error: { code: -32002, message: 'Another request is waiting for your approval in the wallet' },
  })
  await expect(frame.getByLabel('Message')).toHaveText(message)
  await frame.getByRole('button', { name: 'Approve' }).click()
  const signed = await signing
  if (!('result' in signed)) throw new Error(`not signed: ${JSON.stringify(signed)}`)
  expect(await verifyMessage({ address, message, signature: signed.result as `0x${string}` })).toBe(true)
  await expect(wallet).toBeHidden()

  const declined = ask(
    page,
    'rpcRequest',
    { method: 'personal_sign', params: [stringToHex('no'), address], chainId: 31337 },
    30_000,
  )
  await frame.getByRole('button', { name: 'Reject' }).click()
  expect(await declined).toMatchObject({ error: { code: 4001, message: 'User rejected the request' } })
  await expect(wallet).toBeHidden()

  expect(
    await ask(page, 'rpcRequest', { method: 'eth_sign', params: [address, '0x00'], chainId: 31337 }),
  ).toMatchObject({ error: { code: 4200, message: 'Requested RPC call is not allowed' } })
  expect(await ask(page, 'rpcRequest', { method: 'eth_accounts', chainId: 31337 })).toEqual({
    result: [address],
  })
  // Reads go from the frame to the chain's RPC, the one its server named (its CSP allows no other).
  expect(
    await ask(page, 'rpcRequest', { method: 'eth_getBalance', params: [address, 'latest'], chainId: 31338 }),
  ).toEqual({ result: '0x0' })
  expect(await ask(page, 'rpcRequest', { method: 'eth_chainId', chainId: 31338 })).toEqual({
    result: '0x7a6a',
  })
  expect(await ask(page, 'rpcRequest', { method: 'eth_blockNumber', chainId: 1 })).toMatchObject({
    error: { code: 4901, message: 'This wallet does not serve chain 1' },
  })
})

test('wallet_sendCalls: the calls in one approval, then sent one after the other, their status from the chain; a token approval says whom it empowers; typed data shows what its types sign', async ({
  page,
}) => {
  await openAt(page, DAPP)
  const { address } = await logIn(page)
  const rpcUrl = devnet.chains[0]!.rpcUrl
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({
    address,
    value: parseEther('1'),
  })
  const chain = createPublicClient({ transport: http(rpcUrl) })
  const frame = page.frameLocator('iframe')
  const [first, second] = [
    '0x000000000000000000000000000000000000f001',
    '0x000000000000000000000000000000000000f002',
  ] as const
  const batch = (atomicRequired: boolean) => ({
    method: 'wallet_sendCalls',
    params: [
      {
        version: '2.0.0',
        chainId: toHex(31338),
        from: address,
        atomicRequired,
        calls: [
          { to: first, value: toHex(parseEther('0.1')) },
          { to: second, value: toHex(parseEther('0.2')) },
        ],
      },
    ],
    chainId: 31338,
  })

  expect(
    await ask(page, 'rpcRequest', { method: 'wallet_getCapabilities', params: [address], chainId: 31338 }),
  ).toEqual({
    result: {
      '0x7a69': { atomic: { status: 'unsupported' } },
      '0x7a6a': { atomic: { status: 'unsupported' } },
    },
  })
  expect(await ask(page, 'rpcRequest', batch(true))).toMatchObject({
    error: { code: 5760, message: 'This wallet sends calls one by one, not atomically' },
  })
  const sponsored = batch(false)
  const capabilities = { paymasterService: { url: 'https://pay.example' } }
  Object.assign(sponsored.params[0]!, { capabilities })
  expect(await ask(page, 'rpcRequest', sponsored)).toMatchObject({
    error: { code: 5700, message: 'This wallet does not support the paymasterService capability' },
  })
  const sending = ask(page, 'rpcRequest', batch(false), 30_000)
  await expect(frame.getByRole('heading', { name: 'Transaction request' })).toBeVisible()
  await expect(frame.getByText('0.3 ETH', { exact: true })).toBeVisible()
  await expect(frame.getByLabel('Calls')).toHaveText(`1. To ${first}, 0.1 ETH\n2. To ${second}, 0.2 ETH`)
  await expect(frame.getByRole('button', { name: 'Approve' })).toBeEnabled()
  await frame.getByRole('button', { name: 'Approve' }).click()
  const sent = await sending
  if (!('result' in sent)) throw new Error(`not sent: ${JSON.stringify(sent)}`)
  const { id } = sent.result as { id: string }
  await expect
    .poll(async () => {
      const status = await ask(page, 'rpcRequest', {
        method: 'wallet_getCallsStatus',
        params: [id],
        chainId: 31338,
      })
      return 'result' in status ? (status.result as { status: number }).status : status
    })
    .toBe(200)
  expect(await chain.getBalance({ address: first })).toBe(parseEther('0.1'))
  expect(await chain.getBalance({ address: second })).toBe(parseEther('0.2'))
  expect(
    await ask(page, 'rpcRequest', { method: 'wallet_getCallsStatus', params: ['0x00'], chainId: 31338 }),
  ).toMatchObject({ error: { code: 5730, message: 'Unknown bundle id' } })

  // A token approval is a contract call that says whom it empowers, not a harmless "0 ETH".
  const spender = '0x000000000000000000000000000000000000bad0'
  const approving = ask(
    page,
    'rpcRequest',
    {
      method: 'eth_sendTransaction',
      params: [
        {
          from: address,
          to: first,
          data: `0x095ea7b3${spender.slice(2).padStart(64, '0')}${'f'.repeat(64)}`,
        },
      ],
      chainId: 31338,
    },
    30_000,
  )
  await expect(frame.getByRole('heading', { name: 'Contract call' })).toBeVisible()
  await expect(frame.getByText('May spend your tokens')).toBeVisible()
  await expect(frame.getByText(spender, { exact: true })).toBeVisible()
  await frame.getByRole('button', { name: 'Reject' }).click()
  expect(await approving).toMatchObject({ error: { code: 4001 } })

  // Typed data is shown as its types say: a key they do not name is neither shown nor signed; the domain cannot be
  // the primary type.
  const typedData = (primaryType: string) => ({
    method: 'eth_signTypedData_v4',
    params: [
      address,
      JSON.stringify({
        domain: { name: 'Decoy test' },
        types: { Note: [{ name: 'text', type: 'string' }] },
        primaryType,
        message: { text: 'signed', decoy: 'not signed' },
      }),
    ],
    chainId: 31338,
  })
  expect(await ask(page, 'rpcRequest', typedData('EIP712Domain'))).toMatchObject({
    error: {
      code: -32602,
      message: expect.stringContaining('primaryType EIP712Domain is not one of the types'),
    },
  })
  const signing = ask(page, 'rpcRequest', typedData('Note'), 30_000)
  await expect(frame.getByLabel('Message')).toHaveText('text: signed')
  await expect(frame.getByText('Any network', { exact: true })).toBeVisible()
  await frame.getByRole('button', { name: 'Reject' }).click()
  expect(await signing).toMatchObject({ error: { code: 4001 } })
})

test('update e-mail takes the codes mailed to both addresses; sync theme sets the frame’s colours', async ({
  page,
}) => {
  await openAt(page, DAPP)
  const { email, login } = await logIn(page)
  const next = newEmail()
  const since = new Date()
  expect(await ask(page, 'updateEmail', { email: next })).toEqual({
    result: { action: 'VERIFY_PRIMARY_OTP_AND_SECONDARY_OTP' },
  })
  const primaryOtp = codeOf(await catcher.waitFor(email, { since }))
  const secondaryOtp = codeOf(await catcher.waitFor(next, { since }))
  const updated = await ask(page, 'updateEmailVerify', { primaryOtp, secondaryOtp })
  expect(updated).toEqual({ result: { ...(login as { result: object }).result, email: next } })
  expect(await ask(page, 'getUser')).toEqual(updated)

  expect(await ask(page, 'syncTheme', { themeMode: 'dark' })).toEqual({ result: { themeMode: 'dark' } })
  const walletFrame = page.frames().find((frame) => frame.url().startsWith(`${frameUrl}/frame`))
  expect(await walletFrame?.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
    'dark',
  )
  expect(await ask(page, 'syncTheme', { themeMode: 'sepia' })).toMatchObject({
    error: { code: -32602, message: 'themeMode must be light or dark' },
  })
})
