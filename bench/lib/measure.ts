import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import type { Browser, Page } from '@playwright/test'
import type { AppName, BenchApp } from './apps.ts'
import { createMarks } from './marks.ts'
import { sum } from './sizes.ts'
import { type Breakdown, breakdownOf, traceCategories } from './trace.ts'
import { type RequestLog, watchConsoleErrors, watchRequests } from './watch.ts'

export interface RunResult extends RequestLog {
  app: AppName
  /** 1-based; runs of one round are adjacent in time, so their ratios cancel slow drifts of the machine. */
  round: number
  /** CPU slow-down factor (1 = none). */
  rate: number
  navToButtonMs: number
  clickToRowMs: number
  /** gzip bytes of the JS responses that had arrived when the button became visible. */
  jsBeforeButton: number
  /** gzip bytes of the JS responses that had arrived before the click: what a visitor who never opens pays. */
  jsBeforeAction: number
  /** gzip bytes of the JS responses that had arrived when the first wallet row became visible. */
  jsWhenOpen: number
  heapAfterOpen: number
  consoleErrors: string[]
  /** The machine's 1-minute load average when the run started (others share these machines). */
  loadAverage: number
  /** Where the click → row time went (`--trace` runs only). */
  breakdown?: Breakdown
}

export interface RunContext {
  browser: Browser
  app: BenchApp
  origin: string
  /** gzip size of each JS file of the build by URL path. */
  jsSizes: Map<string, number>
  rate: number
  round: number
  /** The page's query (`?…`), for an app that is told where its services are. */
  query?: string
  /** Record a Chromium trace from the click to the row and break it down. */
  trace?: boolean
}

const probe = readFileSync(new URL('./probe.js', import.meta.url), 'utf8')
const timeouts = { button: 30_000, row: 20_000, settle: 5_000 }
/** After the first wallet row shows, let the modal finish what it started before reading the heap. */
const openSettleMs = 1_000

/**
 * One run in a fresh browser context: navigate, wait until the button is visible and the page has settled,
 * click, wait until the first wallet row is visible, then read resource timings and the heap after a GC.
 */
export async function measureRun({
  browser,
  app,
  origin,
  jsSizes,
  rate,
  round,
  query = '',
  trace = false,
}: RunContext): Promise<RunResult> {
  const loadAverage = loadavg()[0] ?? Number.NaN
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  let tracing = false
  try {
    const marks = createMarks()
    await context.exposeBinding('__benchReport', (_source, key: string, time: number) => marks.set(key, time))
    await context.addInitScript({
      content: `window.__benchTargets = ${JSON.stringify({ button: app.button, row: app.row })};\n${probe}`,
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })

    const requests = watchRequests(page, origin)
    const consoleErrors = watchConsoleErrors(page)

    await page.goto(`${origin}/${query}`, { waitUntil: 'commit' })
    const buttonVisible = await marks.wait('buttonVisible', timeouts.button)
    await settle(page)

    requests.markAction()
    const action: number = await page.evaluate('performance.now()')
    if (trace) {
      await browser.startTracing(page, { categories: traceCategories })
      tracing = true
    }
    await page
      .locator(app.button.selector, { hasText: app.button.text ?? '' })
      .first()
      .click()
    const click = await marks.wait('click', timeouts.row)
    const rowVisible = await marks.wait('rowVisible', timeouts.row)
    await page.waitForTimeout(openSettleMs)
    let breakdown: Breakdown | undefined
    if (tracing) {
      tracing = false
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString())
      breakdown = breakdownOf(traceEvents, 'bench:click', 'bench:rowVisible')
    }

    const loadedJs = await jsResponseEnds(page, origin)
    const jsArrivedBy = (time: number) =>
      sum(loadedJs.filter(([, end]) => end <= time).map(([path]) => jsSizes.get(path) ?? 0))

    return {
      app: app.name,
      round,
      rate,
      navToButtonMs: buttonVisible,
      clickToRowMs: rowVisible - click,
      jsBeforeButton: jsArrivedBy(buttonVisible),
      jsBeforeAction: jsArrivedBy(action),
      jsWhenOpen: jsArrivedBy(rowVisible),
      heapAfterOpen: await heapAfterGc(page),
      ...requests.log,
      consoleErrors,
      loadAverage,
      ...(breakdown ? { breakdown } : {}),
    }
  } finally {
    // A run that failed mid-trace must not leave the browser tracing (the next run could not start one).
    if (tracing) await browser.stopTracing().catch(() => {})
    await context.close()
  }
}

/** The page has loaded and its network has been quiet for 500 ms (bounded: some peers keep retrying). */
async function settle(page: Page) {
  await page.waitForLoadState('load', { timeout: timeouts.settle }).catch(() => {})
  await page.waitForLoadState('networkidle', { timeout: timeouts.settle }).catch(() => {})
}

/** [URL path, responseEnd] of every own-origin .js response, on the page's clock. */
async function jsResponseEnds(page: Page, origin: string): Promise<[string, number][]> {
  const entries: [string, number][] = await page.evaluate(
    "performance.getEntriesByType('resource').map((e) => [e.name, e.responseEnd])",
  )
  return entries
    .map(([name, end]): [URL, number] => [new URL(name), end])
    .filter(([url]) => url.origin === origin && /\.m?js$/.test(url.pathname))
    .map(([url, end]) => [url.pathname, end])
}

async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('Performance.enable')
  const { metrics } = await cdp.send('Performance.getMetrics')
  await cdp.detach()
  return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN
}
