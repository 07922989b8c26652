import { aligned } from './markdown.ts'
import { metrics } from './metrics.ts'
import type { AppResult } from './results.ts'
import { type Summary, summarize } from './stats.ts'

const peerNames = new Set(['appkit', 'rainbowkit', 'connectkit'])

/**
 * One markdown table: a row per metric, a column per app (median and min–max; one figure when every run
 * agreed), and Latch's median over the best peer's (lowest median).
 */
export function renderTable(apps: readonly AppResult[], rates: readonly number[]): string {
  const latch = apps.find((app) => app.app === 'latch')
  const peers = apps.filter((app) => peerNames.has(app.app))
  const rows = [['', ...apps.map((app) => app.label), 'Latch / best peer']]

  for (const metric of metrics(rates)) {
    const cell = (summary: Summary | undefined) => {
      if (!summary) return 'failed'
      const median = metric.format(summary.median)
      const [min, max] = [metric.format(summary.min), metric.format(summary.max)]
      return min === max ? median : `${median} (${min}–${max})`
    }
    const summaries = apps.map((app) => summarize(metric.values(app)))
    const latchMedian = latch && summarize(metric.values(latch))?.median
    const best = peers
      .map((peer) => ({ peer, median: summarize(metric.values(peer))?.median }))
      .filter((entry): entry is { peer: AppResult; median: number } => entry.median !== undefined)
      .sort((a, b) => a.median - b.median)[0]
    const ratio =
      latchMedian === undefined || !best || best.median === 0
        ? '—'
        : `${(latchMedian / best.median).toFixed(2)}× (${best.peer.label.split(' ')[0]})`
    rows.push([metric.label, ...summaries.map(cell), ratio])
  }
  return aligned(rows)
}
