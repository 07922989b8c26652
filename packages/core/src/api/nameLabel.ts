// What a name's label may be: one rule, in one set of words, for the RegisterName view (as the visitor types)
// and the Latch server (its answer to a request that breaks it). A module of its own so that only the view's
// chunk carries it, not the names helpers' chunk the Send views share.

/** The shortest and longest label: the part before the zone. */
export const NAME_MIN_LENGTH = 3
export const NAME_MAX_LENGTH = 32

const labelPattern = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/

/**
 * Why a label cannot be a name, or undefined: 3–32 of a–z, 0–9 and '-', not starting or ending with '-'. The
 * view shows it as the visitor types; the server answers it for a request that breaks the rule.
 *
 * @example
 * labelProblem('al') // 'The name must be at least 3 characters'
 */
export function labelProblem(label: string): string | undefined {
  if (label.length < NAME_MIN_LENGTH) return `The name must be at least ${NAME_MIN_LENGTH} characters`
  if (label.length > NAME_MAX_LENGTH) return `The name must be at most ${NAME_MAX_LENGTH} characters`
  if (!labelPattern.test(label))
    return 'The name may only use a-z, 0-9 and hyphens, and may not start or end with a hyphen'
  return undefined
}
