// The real `npm start`, on free ports and a throwaway data directory: its relay under attack, its relay killed,
// then Ctrl-C.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { connect as connectTcp } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SignClient } from '@walletconnect/sign-client'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { walletConnectMemoryStorage } from '../packages/devnet/src/wcWallet.ts'
import { freePort } from '../packages/relay/test/relayProcess.ts'
import { connect, resetUpgrade, type TestClient, token, topic } from '../packages/relay/test/wsClient.ts'

const start = fileURLToPath(new URL('./start.ts', import.meta.url))
const dataDir = mkdtempSync(join(tmpdir(), 'latch-start-'))
let stack: ChildProcess
let output = ''
const ports = {
  chainA: 0,
  chainB: 0,
  solana: 0,
  bundlerA: 0,
  bundlerB: 0,
  server: 0,
  frame: 0,
  mail: 0,
  relay: 0,
  demo: 0,
}

const waitFor = async (check: () => boolean, what: string, ms = 30_000) => {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; npm start printed:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

beforeAll(async () => {
  // Distinct ports, the Solana chain's WebSocket (its port + 1) too.
  do for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort()
  while (new Set([...Object.values(ports), ports.solana + 1]).size !== Object.keys(ports).length + 1)
  stack = spawn(process.execPath, ['--import', 'tsx', start], {
    env: {
      ...process.env,
      LATCH_RPC_A: `http://127.0.0.1:${ports.chainA}`,
      LATCH_RPC_B: `http://127.0.0.1:${ports.chainB}`,
      LATCH_SOLANA_RPC: `http://127.0.0.1:${ports.solana}`,
      LATCH_BUNDLER_A: `http://127.0.0.1:${ports.bundlerA}`,
      LATCH_BUNDLER_B: `http://127.0.0.1:${ports.bundlerB}`,
      PORT: String(ports.server),
      FRAME_PORT: String(ports.frame),
      MAIL_PORT: String(ports.mail),
      RELAY_PORT: String(ports.relay),
      DEMO_PORT: String(ports.demo),
      LATCH_DATA_DIR: join(dataDir, 'data'),
      PAYMASTER_SIGNER_KEY: '',
    },
    // Its own process group, as in a terminal: Ctrl-C below goes to the group.
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  for (const stream of [stack.stdout!, stack.stderr!])
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
  const exited = new Promise<never>((_, reject) =>
    stack.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`))),
  )
  exited.catch(() => undefined)
  await Promise.race([
    waitFor(() => output.includes('WalletConnect test wallet 0x'), 'the wallet', 110_000),
    exited,
  ])
}, 120_000)

afterAll(() => {
  // After a failure: the services stop by themselves once npm start is gone (scripts/stopWithParent.mjs).
  if (stack.exitCode === null && stack.signalCode === null) process.kill(-stack.pid!, 'SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

const relayUrl = () => `ws://127.0.0.1:${ports.relay}`

/** Every process under `pid` (POSIX `ps`), with its command line. */
function descendants(pid: number): { pid: number; args: string }[] {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, child, parent, args]) => ({ pid: Number(child), ppid: Number(parent), args: args! }))
  const found: { pid: number; args: string }[] = []
  const visit = (parent: number) => {
    for (const row of rows)
      if (row.ppid === parent) {
        found.push({ pid: row.pid, args: row.args })
        visit(row.pid)
      }
  }
  visit(pid)
  return found
}

/** The pid of npm start's child running `entry`. */
const servicePid = (entry: string) =>
  descendants(stack.pid!).find((process) => process.args.includes(entry))?.pid

/** A socket that opens (or is refused) and then misbehaves: garbage, an oversize frame, or silence. */
async function hostileSocket(index: number): Promise<WebSocket | undefined> {
  const socket = new WebSocket(`${relayUrl()}/?auth=${await token(relayUrl())}`)
  socket.on('error', () => undefined)
  const opened = await new Promise<boolean>((resolve) => {
    socket.once('open', () => resolve(true))
    socket.once('unexpected-response', () => resolve(false))
    socket.once('error', () => resolve(false))
  })
  if (!opened) return undefined
  if (index % 3 === 0) socket.send('{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":1}}')
  if (index % 3 === 1) socket.send('x'.repeat(2 * 1024 * 1024))
  return socket
}

async function rpc(port: number, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 1, jsonrpc: '2.0', method, params }),
  })
  return (await response.json()).result
}

/** A fresh authenticated client, once the relay takes one more connection from this address. */
async function relayClient(): Promise<TestClient> {
  const until = Date.now() + 10_000
  for (;;) {
    try {
      return await connect(relayUrl())
    } catch (error) {
      if (Date.now() > until) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

async function expectEveryServiceUp(): Promise<void> {
  expect(await rpc(ports.chainA, 'eth_chainId')).toBe('0x7a69')
  expect(await rpc(ports.chainB, 'eth_chainId')).toBe('0x7a6a')
  expect((await fetch(`http://127.0.0.1:${ports.server}/health`)).status).toBe(200)
  const page = await fetch(`http://127.0.0.1:${ports.demo}/`)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('<html')
  const client = await relayClient()
  expect((await client.call('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/)
  client.socket.terminate()
}

test('40 reset upgrades and 500 hostile sockets against its relay leave every service up', async () => {
  const expired = await token(relayUrl(), -60)
  await Promise.all(
    Array.from({ length: 40 }, (_, index) =>
      resetUpgrade(relayUrl(), index % 2 ? expired : 'garbage', index % 5),
    ),
  )
  const hostile = await Promise.all(Array.from({ length: 500 }, (_, index) => hostileSocket(index)))
  // Held a moment, then dropped.
  await new Promise((resolve) => setTimeout(resolve, 500))
  for (const socket of hostile) socket?.terminate()

  await expectEveryServiceUp()
  // The server keeps its database where LATCH_DATA_DIR says, not in the repository's .latch/data.
  expect(existsSync(join(dataDir, 'data', 'PG_VERSION'))).toBe(true)
  // The relay survived it: the supervisor had nothing to restart.
  expect(output).not.toMatch(/ exited \(code/)
}, 60_000)

test('user operations: the devnet’s bundlers through the server, its paymaster trusting the key made beside the data', async () => {
  const call = async (path: string, method: string, params: unknown[]) => {
    const response = await fetch(`http://127.0.0.1:${ports.server}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    return (await response.json()) as { result?: unknown; error?: unknown }
  }
  for (const chainId of [31337, 31338])
    expect((await call(`/v1/bundler/${chainId}`, 'eth_supportedEntryPoints', [])).result).toContain(
      '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
    )
  const key = readFileSync(join(dataDir, 'paymaster.key'), 'utf8').trim()
  expect(statSync(join(dataDir, 'paymaster.key')).mode & 0o777).toBe(0o600)
  const signer = await rpc(ports.chainA, 'eth_call', [
    { to: '0x6D8da4B12D658a36909ec1C75F81E54B8DB4eBf9', data: '0x23d9ac9b' },
    'latest',
  ])
  expect(`0x${String(signer).slice(-40)}`).toBe(
    privateKeyToAccount(key as `0x${string}`).address.toLowerCase(),
  )
  const stub = await call('/v1/paymaster/31337', 'pm_getPaymasterStubData', [
    { sender: `0x${'1'.repeat(40)}`, nonce: '0x0', callData: '0x' },
    '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
    '0x7a69',
    {},
  ])
  expect(stub.result).toMatchObject({ paymaster: '0x6D8da4B12D658a36909ec1C75F81E54B8DB4eBf9' })
}, 30_000)

test('a relay killed outright is reported and restarted, the others run on, and the wallet pairs through it', async () => {
  const others = ['packages/devnet/src/cli.ts', 'packages/server/src/cli.ts', 'scripts/demo.mjs'].map(
    servicePid,
  )
  process.kill(servicePid('packages/relay/src/cli.ts')!, 'SIGKILL')
  await waitFor(() => output.includes(`relay is back (${relayUrl()})`), 'the relay to be back')
  expect(output).toContain('relay exited (code null, signal SIGKILL); restarting in 1 s')
  expect(
    ['packages/devnet/src/cli.ts', 'packages/server/src/cli.ts', 'scripts/demo.mjs'].map(servicePid),
  ).toEqual(others)
  await expectEveryServiceUp()

  // The test wallet in npm start's terminal, through the restarted relay: a dapp's wc: URI pasted there pairs.
  const dapp = await SignClient.init({
    projectId: 'latch-local',
    relayUrl: relayUrl(),
    customStoragePrefix: 'start-test-dapp',
    storage: walletConnectMemoryStorage(),
    logger: 'silent',
    metadata: { name: 'dapp', description: '', url: 'http://127.0.0.1', icons: [] },
  })
  try {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } },
    })
    stack.stdin!.write(`${uri}\n`)
    const session = await approval()
    expect(session.namespaces.eip155?.accounts).toContain(
      'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    )
    expect(output).toContain('paired; approving the proposal')
  } finally {
    dapp.core.heartbeat.stop()
    await dapp.core.relayer.transportClose().catch(() => undefined)
  }
}, 60_000)

test('a login on the frame origin mails its code to the catcher, which prints it in the terminal', async () => {
  expect(output).toContain(`frame       http://127.0.0.1:${ports.frame}`)
  expect(output).toContain(`mail        smtp://127.0.0.1:${ports.mail} (login codes are printed here)`)
  const response = await fetch(`http://127.0.0.1:${ports.frame}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'start@example.com', device: 'd'.repeat(43) }),
  })
  expect(response.status).toBe(200)
  await waitFor(() => /mail to start@example\.com: \d{6} is your login code/.test(output), 'the printed code')
})

test('Ctrl-C stops every service and leaves no process behind', async () => {
  const processes = descendants(stack.pid!)
  // One per service, at least (tsx and anvil add theirs).
  expect(processes.length).toBeGreaterThanOrEqual(4)
  const exited = new Promise<number | null>((resolve) => stack.once('exit', (code) => resolve(code)))
  // What a terminal's Ctrl-C does: SIGINT to its foreground process group.
  process.kill(-stack.pid!, 'SIGINT')
  expect(await exited).toBe(0)
  // Still running: not gone, nor a zombie waiting for its exit to be collected (by init, here).
  const running = () => {
    const pids = processes.map(({ pid }) => pid).join(',')
    try {
      return execFileSync('ps', ['-o', 'pid=,stat=', '-p', pids], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.trim() && !/^\s*\d+\s+Z/.test(line))
    } catch {
      // ps found none of them.
      return []
    }
  }
  await waitFor(() => running().length === 0, 'every process to be gone', 5000).catch(() => undefined)
  expect(running(), JSON.stringify(processes)).toEqual([])
  for (const port of Object.values(ports)) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connectTcp(port, '127.0.0.1', () => {
        socket.destroy()
        resolve(false)
      })
      socket.on('error', () => resolve(true))
    })
    expect(refused, `port ${port}`).toBe(true)
  }
}, 60_000)
