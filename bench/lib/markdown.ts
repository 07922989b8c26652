// The bench's Markdown tables, as the results tables (table.ts) and the trace breakdown (trace.ts) print them.

/** Columns padded to one width, labels left and figures right, as a Markdown formatter would leave them. */
export function aligned(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(3, ...rows.map((cells) => cells[column]!.length)))
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`
  const rule = widths.map((width, i) => (i === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`))
  return [line(rows[0]!), `| ${rule.join(' | ')} |`, ...rows.slice(1).map(line)].join('\n')
}
