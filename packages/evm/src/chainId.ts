import { BaseError } from '@latch/core'

/**
 * Reads the chain id a wallet reports. EIP-1193 says hex (`'0x1'`); some wallets send a number or a decimal
 * string, so those are accepted too.
 *
 * @example
 * parseChainId('0x7a69') // 31337
 */
export function parseChainId(value: unknown): number {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? fromString(value) : Number.NaN
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new BaseError('The wallet reported an invalid network', { details: `Chain id: ${String(value)}` })
  return id
}

function fromString(value: string): number {
  if (/^0x[0-9a-f]+$/i.test(value)) return Number.parseInt(value, 16)
  if (/^[0-9]+$/.test(value)) return Number(value)
  return Number.NaN
}

/**
 * The hex form of a chain id that `wallet_switchEthereumChain` and `wallet_addEthereumChain` expect.
 *
 * @example
 * toHexChainId(31337) // '0x7a69'
 */
export function toHexChainId(chainId: number | string): `0x${string}` {
  return `0x${parseChainId(chainId).toString(16)}`
}
