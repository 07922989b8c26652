// Names: pure, dependency-free helpers shared by the account chunk, the Send and RegisterName views and the
// Latch server (through `@latch/core/names`, with the label rules of nameLabel.ts).

/** The zone names are registered in: the server's default. */
export const DEFAULT_NAME_ZONE = 'latch.id'

/** ENSIP-11: Ethereum's coin type. */
export const ETHEREUM_COIN_TYPE = 60

/**
 * ENSIP-11 coin type of an EVM chain: 60 for Ethereum, `0x80000000 | chainId` for the others.
 *
 * @example
 * coinTypeOfChain(31337) // 2147514985
 */
export function coinTypeOfChain(chainId: number): number {
  return chainId === 1 ? ETHEREUM_COIN_TYPE : (0x80000000 | chainId) >>> 0
}

/**
 * ENSIP-11 coin type of an EVM network by its CAIP-2 id.
 *
 * @example
 * coinTypeOf('eip155:31337') // 2147514985
 */
export function coinTypeOf(caipNetworkId: string): number {
  return coinTypeOfChain(Number(caipNetworkId.split(':')[1]))
}

/** The EVM chain id of an ENSIP-11 coin type, or undefined for a coin type that names none. */
export function chainOfCoinType(coinType: number): number | undefined {
  if (coinType === ETHEREUM_COIN_TYPE) return 1
  if (coinType > 0x80000000 && coinType <= 0xffffffff) return coinType - 0x80000000
  return undefined
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
