export interface Summary {
  median: number
  min: number
  max: number
  n: number
}

export function summarize(values: readonly number[]): Summary | undefined {
  if (values.length === 0) return undefined
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  return { median, min: sorted[0]!, max: sorted.at(-1)!, n: sorted.length }
}
