import type { RunResult } from './measure.ts'
import type { AppResult } from './results.ts'

export interface Metric {
  label: string
  /** The metric's values for one app: one per run (or one per build). */
  values(app: AppResult): number[]
  format(value: number): string
}

const KiB = 1024
const MiB = 1024 * KiB
const kib = (bytes: number) => (bytes / KiB).toFixed(1)
const mib = (bytes: number) => (bytes / MiB).toFixed(1)
const ms = (value: number) => value.toFixed(0)
const count = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1))

const perRun =
  (pick: (run: RunResult) => number, rate?: number) =>
  (app: AppResult): number[] =>
    app.runs.filter((run) => rate === undefined || run.rate === rate).map(pick)

/** The table's rows, in order; timings once per CPU rate. */
export function metrics(rates: readonly number[]): Metric[] {
  const timed = (label: string, pick: (run: RunResult) => number): Metric[] =>
    rates.map((rate) => ({ label: `${label}, CPU ×${rate} (ms)`, values: perRun(pick, rate), format: ms }))
  return [
    {
      label: 'JS gzip loaded before the button is visible (KiB)',
      values: perRun((run) => run.jsBeforeButton),
      format: kib,
    },
    {
      label: 'JS gzip loaded before any user action: a visitor who never opens the modal (KiB)',
      values: perRun((run) => run.jsBeforeAction),
      format: kib,
    },
    { label: 'JS gzip, whole build (KiB)', values: (app) => [app.totalJsGzip], format: kib },
    ...timed('navigation → button visible', (run) => run.navToButtonMs),
    ...timed('click → first wallet row visible', (run) => run.clickToRowMs),
    {
      label: 'JS gzip loaded when the first wallet row is visible (KiB)',
      values: perRun((run) => run.jsWhenOpen),
      format: kib,
    },
    { label: 'JS heap after opening (MiB)', values: perRun((run) => run.heapAfterOpen), format: mib },
    {
      label: 'requests to other origins before any user action',
      values: perRun((run) => run.foreignBeforeAction.length),
      format: count,
    },
    {
      label: 'own-origin requests before any user action',
      values: perRun((run) => run.ownBeforeAction),
      format: count,
    },
    { label: 'console errors', values: perRun((run) => run.consoleErrors.length), format: count },
  ]
}

export const units = { KiB, MiB }
