// `npm run bench`: builds the five apps, runs them interleaved in headless Chromium at CPU ×1 and ×4,
// prints one markdown table and writes bench/results/latest.json. `--quick` (Latch and the floor, 3 rounds,
// results/quick.json) is the smoke test of `npm test`: it fails only when a build or a run breaks. `--trace`
// runs at ×4 only, records a Chromium trace of each click and prints where the time went (results/trace.json).
// See bench/README.md.
import { parseArgs } from 'node:util'
import { type AppName, apps, type BenchApp } from './lib/apps.ts'
import { launchBrowser } from './lib/browser.ts'
import { buildApp, distDir } from './lib/build.ts'
import { measureRun } from './lib/measure.ts'
import { ensurePeersInstalled } from './lib/peers.ts'
import { type AppResult, type BenchResults, describeMachine, writeResults } from './lib/results.ts'
import { type StaticServer, serveStatic } from './lib/server.ts'
import { startServices } from './lib/services.ts'
import { jsGzipSizes, sum } from './lib/sizes.ts'
import { renderTable } from './lib/table.ts'
import { checkTargets, renderTargets } from './lib/targets.ts'
import { renderBreakdown } from './lib/trace.ts'

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    apps: { type: 'string' },
    out: { type: 'string' },
    trace: { type: 'boolean', default: false },
  },
})
const quick = args.quick ?? false
const trace = args.trace ?? false
const rounds = Number(args.rounds ?? (quick ? 3 : 7))
const rates = trace ? [4] : [1, 4]
const wanted = (args.apps?.split(',') ??
  (quick ? ['latch', 'latch-deploy', 'floor'] : apps.map((a) => a.name))) as AppName[]
const selected = apps.filter((app) => wanted.includes(app.name))
// The smoke test writes beside, not over, the last full run.
const outFile =
  args.out ??
  new URL(`./results/${quick ? 'quick' : trace ? 'trace' : 'latest'}.json`, import.meta.url).pathname
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a positive integer`)
if (selected.length === 0) throw new Error(`no app matches --apps ${args.apps}`)

const log = (message: string) => console.error(message)

/** Builds one app (unless up to date) and serves it; a failure is recorded instead of thrown. */
async function prepare(app: BenchApp, result: AppResult): Promise<StaticServer | undefined> {
  try {
    if (app.peer) ensurePeersInstalled()
    const started = Date.now()
    if (await buildApp(app)) log(`bench: built ${app.name} in ${Date.now() - started} ms`)
    const sizes = jsGzipSizes(distDir(app))
    result.totalJsGzip = sum(sizes.values())
    jsSizes.set(app.name, sizes)
    return await serveStatic(distDir(app))
  } catch (error) {
    result.failures.push(`build: ${(error as Error).message.split('\n')[0]}`)
    log(`bench: ${app.name} could not be built: ${(error as Error).message}`)
    return undefined
  }
}

const jsSizes = new Map<AppName, Map<string, number>>()
const results: AppResult[] = selected.map((app) => ({
  app: app.name,
  label: app.label,
  totalJsGzip: 0,
  runs: [],
  failures: [],
}))
const servers = new Map<AppName, StaticServer>()
// The app configured as deployed talks to the Latch server and a relay.
const services = selected.some((app) => app.services) ? await startServices() : undefined
for (const [i, app] of selected.entries()) {
  const server = await prepare(app, results[i]!)
  if (server) servers.set(app.name, server)
}

const browser = await launchBrowser()
try {
  const runnable = selected.filter((app) => servers.has(app.name))
  const runOnce = (app: BenchApp, rate: number, round: number) =>
    measureRun({
      browser,
      app,
      origin: servers.get(app.name)!.origin,
      jsSizes: jsSizes.get(app.name)!,
      rate,
      round,
      trace,
      ...(app.services && services ? { query: services.query } : {}),
    })

  // One discarded run per app warms the disk cache and the browser's processes.
  for (const app of runnable) await runOnce(app, 1, 0).catch(() => {})

  for (let round = 1; round <= rounds; round++) {
    for (const rate of rates) {
      for (const app of runnable) {
        const result = results.find((r) => r.app === app.name)!
        try {
          const run = await runOnce(app, rate, round)
          result.runs.push(run)
          log(
            `round ${round}/${rounds} ×${rate} ${app.name.padEnd(10)} button ${run.navToButtonMs.toFixed(0)} ms, ` +
              `row ${run.clickToRowMs.toFixed(0)} ms, ${run.foreignBeforeAction.length} foreign requests`,
          )
        } catch (error) {
          const message = (error as Error).message.split('\n')[0]
          result.failures.push(`round ${round} ×${rate}: ${message}`)
          log(`round ${round}/${rounds} ×${rate} ${app.name.padEnd(10)} FAILED: ${message}`)
        }
      }
    }
  }

  const output: BenchResults = {
    date: new Date().toISOString(),
    machine: describeMachine(browser.version()),
    rounds,
    rates,
    apps: results,
  }
  writeResults(outFile, output)

  if (trace) console.log(renderBreakdown(results))
  else {
    console.log(renderTable(results, rates))
    console.log(`\n${renderTargets(checkTargets(results))}`)
  }
  for (const result of results.filter((r) => r.failures.length > 0))
    console.log(
      `\n${result.label}: ${result.failures.length} failure(s): ${result.failures.slice(0, 3).join('; ')}`,
    )
  log(
    `\nbench: ${rounds} rounds, ${output.machine.cpus} × ${output.machine.cpuModel}, Chromium ${output.machine.chromium}; JSON in ${outFile}`,
  )

  // Latch's apps and the floor must run; a peer that cannot run offline is reported, not fatal.
  const broken = results.filter((r) => !apps.find((app) => app.name === r.app)?.peer && r.failures.length > 0)
  process.exitCode = broken.length > 0 ? 1 : 0
} finally {
  await browser.close()
  await Promise.all([...servers.values()].map((server) => server.close()))
  await services?.close()
}
