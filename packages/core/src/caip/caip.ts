import { BaseError } from '../errors/BaseError.ts'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../types.ts'

export class InvalidCaipAddressError extends BaseError {
  override name = 'InvalidCaipAddressError'
  constructor(value: string) {
    super('Invalid CAIP-10 address', { details: `"${value}" is not namespace:reference:address.` })
  }
}

export class InvalidCaipNetworkIdError extends BaseError {
  override name = 'InvalidCaipNetworkIdError'
  constructor(value: string) {
    super('Invalid CAIP-2 network id', { details: `"${value}" is not namespace:reference.` })
  }
}

export interface ParsedCaipNetworkId {
  chainNamespace: ChainNamespace
  chainId: string
}

export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  address: string
}

// CAIP-2: namespace [-a-z0-9]{3,8}, reference [-_a-zA-Z0-9]{1,32}; CAIP-10 address [-.%a-zA-Z0-9]{1,128}.
const namespacePattern = /^[-a-z0-9]{3,8}$/
const referencePattern = /^[-_a-zA-Z0-9]{1,32}$/
const addressPattern = /^[-.%a-zA-Z0-9]{1,128}$/

/**
 * Parses a CAIP-2 network id (SPEC §5: two colon-separated parts).
 *
 * @example
 * parseCaipNetworkId('eip155:1') // { chainNamespace: 'eip155', chainId: '1' }
 */
export function parseCaipNetworkId(value: string): ParsedCaipNetworkId {
  const parts = typeof value === 'string' ? value.split(':') : []
  const [namespace, reference] = parts
  if (
    parts.length !== 2 ||
    !namespace ||
    !reference ||
    !namespacePattern.test(namespace) ||
    !referencePattern.test(reference)
  ) {
    throw new InvalidCaipNetworkIdError(String(value))
  }
  return { chainNamespace: namespace as ChainNamespace, chainId: reference }
}

/**
 * Parses a CAIP-10 account id (SPEC §5: three colon-separated parts).
 *
 * @example
 * parseCaipAddress('eip155:1:0xab…') // { chainNamespace: 'eip155', chainId: '1', address: '0xab…' }
 */
export function parseCaipAddress(value: string): ParsedCaipAddress {
  const parts = typeof value === 'string' ? value.split(':') : []
  const [namespace, reference, address] = parts
  if (
    parts.length !== 3 ||
    !namespace ||
    !reference ||
    !address ||
    !namespacePattern.test(namespace) ||
    !referencePattern.test(reference) ||
    !addressPattern.test(address)
  ) {
    throw new InvalidCaipAddressError(String(value))
  }
  return { chainNamespace: namespace as ChainNamespace, chainId: reference, address }
}

/**
 * @example
 * formatCaipNetworkId('eip155', 31337) // 'eip155:31337'
 */
export function formatCaipNetworkId(chainNamespace: ChainNamespace, chainId: number | string): CaipNetworkId {
  const id = `${chainNamespace}:${chainId}` as CaipNetworkId
  parseCaipNetworkId(id)
  return id
}

/**
 * @example
 * formatCaipAddress('eip155:1', '0xab…') // 'eip155:1:0xab…'
 */
export function formatCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  const id = `${caipNetworkId}:${address}` as CaipAddress
  parseCaipAddress(id)
  return id
}
