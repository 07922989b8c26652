/** A label as the server accepts it: 3–32 of a–z, 0–9 and '-', not starting or ending with '-'. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{1,30})[a-z0-9]$/

/**
 * Why a label cannot be a name, in the visitor's words; undefined when it can. The server checks again.
 *
 * @example
 * labelProblem('al') // 'Use at least 3 characters'
 */
export function labelProblem(label: string): string | undefined {
  if (label.length < 3) return 'Use at least 3 characters'
  if (label.length > 32) return 'Use at most 32 characters'
  if (!LABEL.test(label)) return 'Use letters, digits and hyphens, not starting or ending with a hyphen'
  return undefined
}
