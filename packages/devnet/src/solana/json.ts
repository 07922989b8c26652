/**
 * JSON text in which bigints are plain numbers, as the Solana RPC writes u64 values (rentEpoch is 2^64 − 1);
 * @solana/kit parses such numbers losslessly. `undefined` members are left out, as JSON.stringify does.
 *
 * @example
 * toJson({ lamports: 18446744073709551615n }) // '{"lamports":18446744073709551615}'
 */
export function toJson(value: unknown): string {
  switch (typeof value) {
    case 'bigint':
      return value.toString()
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null'
    case 'string':
    case 'boolean':
      return JSON.stringify(value)
    case 'object': {
      if (value === null) return 'null'
      if (Array.isArray(value))
        return `[${value.map((item) => (item === undefined ? 'null' : toJson(item))).join(',')}]`
      const members: string[] = []
      for (const [key, member] of Object.entries(value)) {
        if (member !== undefined) members.push(`${JSON.stringify(key)}:${toJson(member)}`)
      }
      return `{${members.join(',')}}`
    }
    default:
      return 'null'
  }
}
