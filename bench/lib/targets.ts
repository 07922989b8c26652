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

const median = (app: AppResult, pick: (run: RunResult) => number, rate?: number) =>
  summarize(app.runs.filter((run) => rate === undefined || run.rate === rate).map(pick))?.median

/** Issue 3's targets for Latch, checked against medians (the request target against every run). */
export function checkTargets(apps: readonly AppResult[]): TargetCheck[] {
  const latch = apps.find((app) => app.app === 'latch')
  const floor = apps.find((app) => app.app === 'floor')
  if (!latch || latch.runs.length === 0) return []
  const checks: TargetCheck[] = []
  const check = (target: string, value: number | undefined, limit: number | undefined, show: string) => {
    if (value === undefined || limit === undefined) return
    checks.push({ target, measured: show, met: value <= limit })
  }

  const js = median(latch, (run) => run.jsBeforeButton)
  check('JS before the button ≤ 90 KiB gzip', js, 90 * units.KiB, `${((js ?? 0) / units.KiB).toFixed(1)} KiB`)
  const row4 = median(latch, (run) => run.clickToRowMs, 4)
  check('click → first wallet row at ×4 ≤ 80 ms', row4, 80, `${row4?.toFixed(0)} ms`)
  const nav4 = median(latch, (run) => run.navToButtonMs, 4)
  const floorNav4 = floor && median(floor, (run) => run.navToButtonMs, 4)
  check(
    'navigation → button at ×4 within 15 % of the floor',
    nav4,
    floorNav4 === undefined ? undefined : floorNav4 * 1.15,
    `${nav4?.toFixed(0)} ms vs floor ${floorNav4?.toFixed(0)} ms (${(((nav4 ?? 0) / (floorNav4 ?? 1) - 1) * 100).toFixed(0)} %)`,
  )
  const heap = median(latch, (run) => run.heapAfterOpen)
  check('heap after opening ≤ 5 MiB', heap, 5 * units.MiB, `${((heap ?? 0) / units.MiB).toFixed(1)} MiB`)
  const requests = Math.max(...latch.runs.map((run) => run.foreignBeforeAction.length))
  check('zero requests before the user acts', requests, 0, `${requests} in the worst run`)
  return checks
}

export const renderTargets = (checks: readonly TargetCheck[]) =>
  checks.map((c) => `- ${c.met ? 'met' : 'MISSED'}: ${c.target} (${c.measured})`).join('\n')
