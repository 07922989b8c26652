import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect as connectTcp } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { freePort } from '../packages/relay/test/relayProcess.ts'
import { connect, resetUpgrade, token, topic } from '../packages/relay/test/wsClient.ts'

const start = fileURLToPath(new URL('./start.ts', import.meta.url))
const dataDir = mkdtempSync(join(tmpdir(), 'latch-start-'))
let stack: ChildProcess
let output = ''
const ports = { chainA: 0, chainB: 0, server: 0, relay: 0, demo: 0 }

beforeAll(async () => {
  for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort()
  stack = spawn(process.execPath, ['--import', 'tsx', start], {
    env: {
      ...process.env,
      LATCH_RPC_A: `http://127.0.0.1:${ports.chainA}`,
      LATCH_RPC_B: `http://127.0.0.1:${ports.chainB}`,
      PORT: String(ports.server),
      RELAY_PORT: String(ports.relay),
      DEMO_PORT: String(ports.demo),
      LATCH_DATA_DIR: dataDir,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  for (const stream of [stack.stdout!, stack.stderr!])
    stream.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes('Latch demo:')) {
        clearInterval(check)
        resolve()
      }
    }, 100)
    stack.once('exit', (code) => reject(new Error(`npm start exited (${code}): ${output}`)))
  })
}, 120_000)

afterAll(() => {
  if (stack.exitCode === null) stack.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

const relayUrl = () => `ws://127.0.0.1:${ports.relay}`

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

async function rpc(port: number, method: string): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 1, jsonrpc: '2.0', method, params: [] }),
  })
  return (await response.json()).result
}

test('40 reset upgrades and 500 hostile sockets against its relay leave every service up', async () => {
  const expired = await token(relayUrl(), -60)
  await Promise.all(
    Array.from({ length: 40 }, (_, index) =>
      resetUpgrade(relayUrl(), index % 2 ? expired : 'garbage', index % 5),
    ),
  )
  const hostile = await Promise.all(Array.from({ length: 500 }, (_, index) => hostileSocket(index)))
  const held = hostile.filter((socket) => socket !== undefined)
  // The relay holds its share for one address at a time (oversize frames close theirs) and refuses the rest.
  expect(hostile.length - held.length).toBeGreaterThan(300)
  await new Promise((resolve) => setTimeout(resolve, 500))
  for (const socket of held) socket.terminate()
  await new Promise((resolve) => setTimeout(resolve, 300))

  expect(await rpc(ports.chainA, 'eth_chainId')).toBe('0x7a69')
  expect(await rpc(ports.chainB, 'eth_chainId')).toBe('0x7a6a')
  expect((await fetch(`http://127.0.0.1:${ports.server}/health`)).status).toBe(200)
  expect((await fetch(`http://127.0.0.1:${ports.demo}/`)).status).toBe(200)
  const client = await connect(relayUrl())
  expect((await client.call('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/)
  client.socket.terminate()
  // The relay survived: the supervisor had nothing to restart.
  expect(output).not.toMatch(/exited \(code/)
}, 120_000)

test('Ctrl-C stops every service and leaves no process behind', async () => {
  const exited = new Promise<number | null>((resolve) => stack.once('exit', (code) => resolve(code)))
  stack.kill('SIGINT')
  expect(await exited).toBe(0)
  // Nothing listens on any of the stack's ports any more.
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
