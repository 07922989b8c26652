/**
 * Floors a token amount to `fractionDigits` decimals (SPEC §5: displayed balance floored to 3 decimals),
 * exactly, on integers — never rounding up what a visitor owns.
 *
 * @example
 * floorBalance(1999999999999999999n, 18) // '1.999'
 * floorBalance(10000000000000000000000n, 18) // '10000'
 */
export function floorBalance(value: bigint, decimals: number, fractionDigits = 3): string {
  const negative = value < 0n
  const abs = negative ? -value : value
  const base = 10n ** BigInt(decimals)
  const whole = abs / base
  let fraction = (abs % base).toString().padStart(decimals, '0').slice(0, fractionDigits)
  fraction = fraction.replace(/0+$/, '')
  const text = fraction ? `${whole}.${fraction}` : `${whole}`
  return negative && text !== '0' ? `-${text}` : text
}

/**
 * The inverse of `floorBalance`: an amount typed in whole units ('1.5') in base units; undefined unless it is a
 * plain non-negative decimal with at most `decimals` fraction digits.
 *
 * @example
 * parseAmount('1.5', 6) // 1500000n
 * parseAmount('0.0000001', 6) // undefined
 */
export function parseAmount(text: string | undefined, decimals: number): bigint | undefined {
  const [, whole = '', fraction = ''] = /^(\d*)(?:[.,](\d*))?$/.exec(text?.trim() ?? '') ?? []
  if ((whole || fraction) && fraction.length <= decimals)
    return BigInt(whole + fraction.padEnd(decimals, '0'))
}

/**
 * Shortens an address for display: first and last characters around an ellipsis.
 *
 * @example
 * shortenAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // '0xf39F…2266'
 */
export function shortenAddress(address: string, head = 6, tail = 4): string {
  if (address.length <= head + tail + 1) return address
  return `${address.slice(0, head)}…${address.slice(-tail)}`
}

/**
 * A decimal as people read it, its whole part in groups of three ('10000.5' → '10,000.5', as Activity writes its
 * amounts); text that does not start with digits is returned as it is. For display only: an amount field takes
 * the plain form.
 *
 * @example
 * groupDigits('1234567.891') // '1,234,567.891'
 */
export function groupDigits(text: string): string {
  return text.replace(/^-?\d+/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','))
}
