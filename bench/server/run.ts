// `npm run bench:server`: throughput and p99 latency of the Latch server's directory endpoints next to a
// Fastify hello-world on the same machine, each server in its own process, autocannon in this one.
//
//   npm run bench:server                       # 10 s per target, 32 connections
//   npm run bench:server -- --duration 20 --connections 64 --wallets 5000
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { testTokenAddresses } from '@latch/devnet'
import autocannon from 'autocannon'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    wallets: { type: 'string', default: '2000' },
    out: { type: 'string', default: fileURLToPath(new URL('../results/server.json', import.meta.url)) },
  },
})
const duration = Number(values.duration)
const connections = Number(values.connections)

/** Starts `serve.ts <kind>` and resolves with the URL it prints. */
function serve(kind: 'latch' | 'hello'): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    'npx',
    ['tsx', fileURLToPath(new URL('serve.ts', import.meta.url)), kind, values.wallets],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)))
    createInterface({ input: child.stdout! }).once('line', (url) => resolve({ url: url.trim(), child }))
  })
}

interface Figure {
  target: string
  path: string
  requestsPerSecond: number
  p99Ms: number
  errors: number
  non2xx: number
}

/**
 * Loads `url` with autocannon. `vary` makes each request's path afresh (distinct quotes, so that none is answered
 * by another's read).
 */
async function load(target: string, url: string, vary?: () => string): Promise<Figure> {
  // A short warm-up fills caches and lets the JIT settle; only the second run counts.
  // Browsers always send Accept-Encoding; the server answers gzip where it has it (the directory pages).
  const headers = { 'accept-encoding': 'gzip, deflate, br' }
  const requests = vary ? [{ setupRequest: (request: object) => ({ ...request, path: vary() }) }] : undefined
  await autocannon({ url, connections, duration: 2, headers, ...(requests ? { requests } : {}) })
  const result = await autocannon({ url, connections, duration, headers, ...(requests ? { requests } : {}) })
  return {
    target,
    path: new URL(url).pathname + new URL(url).search,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

const hello = await serve('hello')
const latch = await serve('latch')
try {
  const firstPage = `${latch.url}/getWallets?page=1&entries=40&projectId=latch-demo&st=latch&sv=0.1.0`
  const page = (await (await fetch(firstPage)).json()) as { data: { image_id: string | null }[] }
  const imageId = page.data.find((wallet) => wallet.image_id)?.image_id
  if (!imageId) throw new Error('The first page has no wallet image to fetch.')

  // Quotes of LUSD → LTK on the devnet's Uniswap V2 pools, a different amount (1 to 10,000 LUSD) each time.
  const quotePath = () =>
    `/v1/convert/quotes?${new URLSearchParams({
      projectId: 'latch-demo',
      amount: String(1_000_000 + Math.floor(Math.random() * 10_000_000_000)),
      from: `eip155:31337:${testTokenAddresses.LUSD}`,
      to: `eip155:31337:${testTokenAddresses.LTK}`,
    })}`
  const figures: Figure[] = []
  for (const [target, url, vary] of [
    ['Fastify hello-world', `${hello.url}/`],
    ['/getWallets first page (cached)', firstPage],
    [
      '/getWallets search',
      `${latch.url}/getWallets?page=1&entries=100&search=wallet%200&projectId=latch-demo`,
    ],
    ['/getWalletImage', `${latch.url}/getWalletImage/${imageId}?projectId=latch-demo`],
    ['/v1/convert/quotes (devnet Uniswap V2, each amount new)', `${latch.url}${quotePath()}`, quotePath],
  ] as const) {
    figures.push(await load(target, url, vary))
    console.error(`measured ${target}`)
  }

  const helloRps = figures[0]!.requestsPerSecond
  const lines = [
    `Server bench: ${duration} s per target, ${connections} connections, ${values.wallets} synthetic wallets + the default dataset`,
    '',
    '| target | req/s | p99 ms | of hello-world | errors / non-2xx |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...figures.map(
      (f) =>
        `| ${f.target} | ${f.requestsPerSecond} | ${f.p99Ms} | ${Math.round((f.requestsPerSecond / helloRps) * 100)} % | ${f.errors} / ${f.non2xx} |`,
    ),
  ]
  console.log(lines.join('\n'))
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true })
  writeFileSync(
    values.out,
    `${JSON.stringify({ duration, connections, wallets: values.wallets, figures }, null, 2)}\n`,
  )
  const failed = figures.filter((f) => f.errors > 0 || f.non2xx > 0)
  if (failed.length > 0) {
    console.error(`Requests failed: ${failed.map((f) => f.target).join(', ')}`)
    process.exitCode = 1
  }
} finally {
  hello.child.kill('SIGTERM')
  latch.child.kill('SIGTERM')
}
