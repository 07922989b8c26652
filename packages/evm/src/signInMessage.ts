import { BaseError, parseCaipNetworkId, type SiwxMessageData } from '@latch/core'
import { getAddress, isAddress } from 'viem'
import { createSiweMessage } from 'viem/siwe'

const optionalDate = (value: string | undefined) => (value ? new Date(value) : undefined)

/**
 * A sign-in message as EIP-4361 ("Sign-In with Ethereum", the eip155 form of CAIP-122) text, written by
 * viem. Throws on fields EIP-4361 does not allow (a chain of another namespace, a malformed address).
 *
 * @example
 * formatSignInMessage({ accountAddress: '0xf39F…', chainId: 'eip155:31337', domain: 'app.test', … })
 * // 'app.test wants you to sign in with your Ethereum account:\n0xf39F…\n\n…'
 */
export function formatSignInMessage(data: SiwxMessageData): string {
  const { chainNamespace: namespace, chainId: reference } = parseCaipNetworkId(data.chainId)
  if (namespace !== 'eip155' || !isAddress(data.accountAddress, { strict: false }))
    throw new BaseError('Invalid sign-in message', {
      details: `${data.accountAddress} on ${data.chainId} is not an Ethereum account.`,
    })
  return createSiweMessage({
    address: getAddress(data.accountAddress),
    chainId: Number(reference),
    domain: data.domain,
    uri: data.uri,
    version: data.version,
    nonce: data.nonce,
    issuedAt: new Date(data.issuedAt),
    expirationTime: optionalDate(data.expirationTime),
    notBefore: optionalDate(data.notBefore),
    statement: data.statement,
    requestId: data.requestId,
    resources: data.resources ? [...data.resources] : undefined,
  })
}
