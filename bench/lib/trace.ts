// Where the time between the click and the first wallet row goes, from a Chromium trace of the page's main
// thread (`--trace`). The probe marks the click and the row with performance.mark(), which the trace carries
// on the same clock as its events, so the window is exact.
import { aligned } from './markdown.ts'
import { summarize } from './stats.ts'

/** The classes of main-thread work a breakdown reports, in milliseconds within the window. */
export const breakdownClasses = [
  'script compile/eval',
  'script run',
  'style',
  'layout',
  'paint',
  'gc',
  'other',
  'idle',
] as const
export type BreakdownClass = (typeof breakdownClasses)[number]

export interface Breakdown extends Record<BreakdownClass, number> {
  /** Click → first wallet row, in ms, as the trace saw it. */
  window: number
  /** Requests the page started within the window. */
  requests: number
  /** The events with the most own time in the window, by name (ms), largest first: what "other" holds. */
  top: [string, number][]
}

/** The categories the breakdown needs: the main thread's tasks, V8's compile and run, the probe's marks. */
export const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'toplevel',
]

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string }
}

/**
 * What an event's own time (its duration less its children's) counts as; undefined for an event that is
 * part of whatever its parent does. React's render, commit and effects run inside event handlers,
 * microtasks and scheduler tasks: "script run". Parsing, compiling (lazily too) and evaluating code: "script
 * compile/eval".
 */
function classify(name: string): Exclude<BreakdownClass, 'idle' | 'other'> | undefined {
  if (/GC|^BlinkGC|^ThreadState::/.test(name)) return 'gc'
  if (
    /^(EvaluateScript|v8\.compile|v8\.evaluateModule|v8\.produce|v8\.parse|V8\.(Parse|Compile|Deserialize))/.test(
      name,
    )
  )
    return 'script compile/eval'
  if (
    /^(FunctionCall|EventDispatch|RunMicrotasks|TimerFire|FireAnimationFrame|FireIdleCallback|v8\.|V8\.)/.test(
      name,
    )
  )
    return 'script run'
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/.test(name)) return 'style'
  if (/^(Layout|IntersectionObserverController)/.test(name)) return 'layout'
  if (
    /^(Paint|PrePaint|Layerize|UpdateLayer|UpdateLayerTree|CompositeLayers|Commit|PaintImage|Decode)/.test(
      name,
    )
  )
    return 'paint'
  return undefined
}

const overlap = (start: number, end: number, from: number, to: number) =>
  Math.max(0, Math.min(end, to) - Math.max(start, from))

/**
 * The breakdown of the window between the marks `from` and `to` on the thread that recorded them: each
 * complete event's own time clipped to the window, by class; "idle" is the window less every top-level task
 * (waiting for the network, for the next frame).
 */
export function breakdownOf(events: readonly TraceEvent[], from: string, to: string): Breakdown {
  const mark = (name: string) => {
    const found = events.find((event) => event.name === name && event.ph !== 'e')
    if (!found) throw new Error(`the trace has no mark "${name}"`)
    return found
  }
  const start = mark(from)
  const end = mark(to)
  const main = events.find(
    (event) =>
      event.ph === 'M' &&
      event.name === 'thread_name' &&
      event.pid === start.pid &&
      event.args?.name === 'CrRendererMain',
  )
  const onMain = (event: TraceEvent) => event.pid === start.pid && (!main || event.tid === main.tid)
  const [t0, t1] = [start.ts, end.ts]

  const tasks = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined && onMain(event))
    .filter((event) => event.ts < t1 && event.ts + event.dur! > t0)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)

  const totals = Object.fromEntries(breakdownClasses.map((name) => [name, 0])) as Record<
    BreakdownClass,
    number
  >
  let busy = 0
  // Events nest by containment on one thread: a stack of the open ones gives each its parent.
  const stack: { event: TraceEvent; own: number; kind: BreakdownClass }[] = []
  const byName = new Map<string, number>()
  const close = (entry: { event: TraceEvent; own: number; kind: BreakdownClass }) => {
    totals[entry.kind] += entry.own
    byName.set(entry.event.name, (byName.get(entry.event.name) ?? 0) + entry.own)
  }
  for (const event of tasks) {
    while (stack.length && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= event.ts) close(stack.pop()!)
    const inWindow = overlap(event.ts, event.ts + event.dur!, t0, t1)
    const parent = stack.at(-1)
    if (parent) parent.own -= inWindow
    else busy += inWindow
    stack.push({ event, own: inWindow, kind: classify(event.name) ?? parent?.kind ?? 'other' })
  }
  while (stack.length) close(stack.pop()!)
  totals.idle = t1 - t0 - busy

  const requests = events.filter(
    (event) => event.name === 'ResourceSendRequest' && event.ts >= t0 && event.ts <= t1,
  ).length
  const ms = (us: number) => us / 1000
  return {
    ...(Object.fromEntries(breakdownClasses.map((name) => [name, ms(totals[name])])) as Record<
      BreakdownClass,
      number
    >),
    window: ms(t1 - t0),
    requests,
    top: [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, us]) => [name, ms(us)]),
  }
}

/** One markdown table: a row per class, a column per app, the median over its traced runs. */
export function renderBreakdown(
  apps: readonly { label: string; runs: readonly { breakdown?: Breakdown }[] }[],
) {
  const rows: (readonly string[])[] = [
    ['click → first wallet row, CPU ×4 (ms)', ...apps.map((app) => app.label)],
  ]
  for (const key of ['window', ...breakdownClasses, 'requests'] as const) {
    const label = key === 'window' ? 'whole window' : key === 'requests' ? 'requests started (count)' : key
    const cells = apps.map((app) => {
      const summary = summarize(app.runs.flatMap((run) => (run.breakdown ? [run.breakdown[key]] : [])))
      return summary ? summary.median.toFixed(key === 'requests' ? 0 : 1) : '—'
    })
    rows.push([label, ...cells])
  }
  return aligned(rows)
}
