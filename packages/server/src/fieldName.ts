/**
 * A field's name as an error message shows it, from its path in a value: `chains[0].rpcUrl`.
 *
 * @example
 * fieldName(['chains', 0, 'rpcUrl']) // 'chains[0].rpcUrl'
 */
export function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`,
    )
    .join('')
}
