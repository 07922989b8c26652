// Names: pure helpers shared by the account chunk and the RegisterName view.

/** The zone names are registered in: the server's default. */
export const DEFAULT_NAME_ZONE = 'latch.id'

/**
 * ENSIP-11 coin type of an EVM network: 60 for Ethereum, `0x80000000 | chainId` for the others.
 *
 * @example
 * coinTypeOf('eip155:31337') // 2147514985
 */
export function coinTypeOf(caipNetworkId: string): number {
  const chainId = Number(caipNetworkId.split(':')[1])
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}

/**
 * The full name for a label: trimmed, lower-case, in `zone` unless it already names that zone.
 *
 * @example
 * fullName(' Alice ') // 'alice.latch.id'
 */
export function fullName(label: string, zone = DEFAULT_NAME_ZONE): string {
  const name = label.trim().toLowerCase()
  return name.endsWith(`.${zone}`) ? name : `${name}.${zone}`
}

/**
 * The message a wallet signs to register `name`: JSON naming the name and the time, so the server can
 * refuse it for another name, twice, or late.
 */
export function nameRegistrationMessage(name: string, now = Date.now()): string {
  return JSON.stringify({ name, attributes: {}, timestamp: Math.floor(now / 1000) })
}
