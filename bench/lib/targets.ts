import type { RunResult } from './measure.ts'
import { units } from './metrics.ts'
import type { AppResult } from './results.ts'
import { summarize } from './stats.ts'

export interface TargetCheck {
  target: string
  /** Latch's figure, as measured. */
  measured: string
  met: boolean
}

type Pick = (run: RunResult) => number

const median = (app: AppResult, pick: Pick, rate?: number) =>
  summarize(app.runs.filter((run) => rate === undefined || run.rate === rate).map(pick))?.median

/** Median over rounds of a / b, pairing the runs of one round (adjacent in time on a shared machine). */
function pairedRatio(a: AppResult, b: AppResult, pick: Pick, rate: number): number | undefined {
  const ratios = a.runs
    .filter((run) => run.rate === rate)
    .flatMap((run) => {
      const partner = b.runs.find((other) => other.rate === rate && other.round === run.round)
      return partner ? [pick(run) / pick(partner)] : []
    })
  return summarize(ratios)?.median
}

const kib = (bytes = 0) => `${(bytes / units.KiB).toFixed(1)} KiB`
const mib = (bytes = 0) => `${(bytes / units.MiB).toFixed(1)} MiB`
const ms = (value = 0) => `${value.toFixed(0)} ms`
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(0)} %`

const peerNames = new Set(['appkit', 'rainbowkit', 'connectkit'])

/**
 * Issue 3's and issue 14's targets for each Latch app, checked against medians (the request target against
 * every run).
 */
export function checkTargets(apps: readonly AppResult[]): TargetCheck[] {
  const floor = apps.find((app) => app.app === 'floor')
  const peers = apps.filter((app) => peerNames.has(app.app))
  const checks: TargetCheck[] = []
  for (const latch of apps.filter((app) => app.app.startsWith('latch') && app.runs.length > 0)) {
    const check = (target: string, value: number | undefined, limit: number, measured: string) => {
      if (value !== undefined)
        checks.push({ target: `${latch.label}: ${target}`, measured, met: value <= limit })
    }
    const nav: Pick = (run) => run.navToButtonMs
    const row: Pick = (run) => run.clickToRowMs

    const js = median(latch, (run) => run.jsBeforeButton)
    check('JS before the button ≤ 90 KiB gzip', js, 90 * units.KiB, kib(js))
    for (const [rate, limit] of [
      [1, 25],
      [4, 80],
    ] as const) {
      const value = median(latch, row, rate)
      check(`click → first wallet row at ×${rate} ≤ ${limit} ms`, value, limit, ms(value))
      const best = Math.min(...peers.map((peer) => median(peer, row, rate) ?? Number.POSITIVE_INFINITY))
      if (Number.isFinite(best))
        check(
          `click → first wallet row at ×${rate} below every peer`,
          value,
          best - 1e-9,
          `${ms(value)} vs ${ms(best)}`,
        )
    }
    if (floor) {
      // Judged on the per-round ratio: the medians of two apps drift apart with the machine's load.
      const ratio = pairedRatio(latch, floor, nav, 4)
      const [latchNav, floorNav] = [median(latch, nav, 4), median(floor, nav, 4)]
      check(
        'navigation → button at ×4 within 15 % of the floor',
        ratio,
        1.15,
        `per-round ratio ${percent(ratio ?? 1)}; medians ${ms(latchNav)} vs ${ms(floorNav)}, ` +
          percent((latchNav ?? 0) / (floorNav ?? 1)),
      )
    }
    const heap = median(latch, (run) => run.heapAfterOpen)
    check('heap after opening ≤ 5 MiB', heap, 5 * units.MiB, mib(heap))
    const requests = Math.max(...latch.runs.map((run) => run.foreignBeforeAction.length))
    check('zero requests to other origins before the user acts', requests, 0, `${requests} in the worst run`)
  }
  return checks
}

export const renderTargets = (checks: readonly TargetCheck[]) =>
  checks.map((c) => `- ${c.met ? 'met' : 'MISSED'}: ${c.target} (${c.measured})`).join('\n')
