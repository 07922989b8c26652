import {
  type Hex,
  hexToBytes,
  isAddress,
  isAddressEqual,
  isHex,
  stringToHex,
  type TypedDataDefinition,
} from 'viem'
import { invalidParams, unauthorized } from '../errors.ts'
import { selectedAccount } from '../signer.ts'
import type { MethodContext, MethodHandler } from './context.ts'

/** Throws 4100 unless the site is connected and `address` (when given) is the selected account. */
export function assertAuthorized({ session }: MethodContext, address?: unknown): void {
  if (!session.state.authorized) throw unauthorized()
  if (address === undefined) return
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
    throw invalidParams(`Expected an address, got ${JSON.stringify(address)}.`)
  }
  if (!isAddressEqual(address, session.address())) throw unauthorized()
}

/** The message as text when it is valid UTF-8, else as hex, for the prompt. */
function readableMessage(message: Hex): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message))
  } catch {
    return message
  }
}

const bigintSafe = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)

function parseTypedData(value: unknown): TypedDataDefinition {
  let data: unknown = value
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value)
    } catch {
      throw invalidParams('eth_signTypedData_v4 expects typed data as JSON.')
    }
  }
  if (typeof data !== 'object' || data === null) throw invalidParams('Missing typed data.')
  const { types, primaryType, domain, message } = data as Record<string, unknown>
  if (typeof types !== 'object' || types === null || typeof primaryType !== 'string') {
    throw invalidParams('Typed data needs types and primaryType.')
  }
  const domainObject = (typeof domain === 'object' && domain !== null ? domain : {}) as Record<
    string,
    unknown
  >
  // JSON carries the chain id as a string; viem reads a domain chainId only as a number.
  const chainId = domainObject.chainId
  let normalizedDomain = domainObject
  if (typeof chainId === 'string') {
    if (!/^(0x[0-9a-f]+|\d+)$/i.test(chainId)) throw invalidParams(`Invalid domain chainId ${chainId}.`)
    normalizedDomain = { ...domainObject, chainId: Number(BigInt(chainId)) }
  }
  return { types, primaryType, domain: normalizedDomain, message: message ?? {} } as TypedDataDefinition
}

export const signMethods: Record<string, MethodHandler> = {
  async personal_sign(params, context) {
    let [message, address] = params
    // Some dapps send [address, message]; accept it when the first parameter is clearly the account.
    if (typeof message === 'string' && isAddress(message, { strict: false }) && !isAddress(`${address}`)) {
      ;[message, address] = [address, message]
    }
    assertAuthorized(context, address)
    if (typeof message !== 'string') throw invalidParams('personal_sign expects a message string.')
    const raw: Hex = isHex(message) ? message : stringToHex(message)

    await context.confirm({
      title: 'Sign message',
      details: [
        { label: 'Site', value: context.host },
        { label: 'Account', value: context.session.address() },
      ],
      body: readableMessage(raw),
    })
    return selectedAccount(context.session).signMessage({ message: { raw } })
  },

  async eth_signTypedData_v4(params, context) {
    const [address, typedDataParam] = params
    assertAuthorized(context, address)
    const typedData = parseTypedData(typedDataParam)
    const domainChainId = typedData.domain?.chainId
    if (domainChainId !== undefined && Number(domainChainId) !== context.session.state.chainId) {
      throw invalidParams(
        `Typed data is for chain ${domainChainId}, but the wallet is on chain ${context.session.state.chainId}.`,
      )
    }

    await context.confirm({
      title: 'Sign typed data',
      details: [
        { label: 'Site', value: context.host },
        { label: 'Account', value: context.session.address() },
        { label: 'Type', value: String(typedData.primaryType) },
        ...(typedData.domain?.name ? [{ label: 'Domain', value: typedData.domain.name }] : []),
      ],
      body: JSON.stringify(typedData.message, bigintSafe, 2),
    })
    try {
      return await selectedAccount(context.session).signTypedData(typedData)
    } catch (error) {
      // viem validates the types and values; a malformed request is the dapp's error, not the wallet's.
      const short = (error as { shortMessage?: unknown }).shortMessage
      throw invalidParams(typeof short === 'string' ? short : String(error))
    }
  },
}
