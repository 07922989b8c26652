import { BaseError, parseCaipNetworkId, type SiwxMessageData } from '@latch/core'
import { isAddress } from '@solana/kit'

/**
 * A sign-in message as CAIP-122 text for a Solana account ("Sign-In with Solana"): EIP-4361's layout with
 * "Solana account" and the CAIP-2 chain id, which is what the Latch server parses and verifies (ed25519).
 * Throws for an account of another namespace.
 *
 * @example
 * formatSignInMessage({ accountAddress: '7EcD…', chainId: 'solana:5eykt4Us…', domain: 'app.test', … })
 * // 'app.test wants you to sign in with your Solana account:\n7EcD…\n\n…'
 */
export function formatSignInMessage(data: SiwxMessageData): string {
  const { chainNamespace, chainId } = parseCaipNetworkId(data.chainId)
  if (chainNamespace !== 'solana' || !isAddress(data.accountAddress))
    throw new BaseError('Invalid sign-in message', {
      details: `${data.accountAddress} on ${data.chainId} is not a Solana account.`,
    })
  const lines = [`${data.domain} wants you to sign in with your Solana account:`, data.accountAddress, '']
  if (data.statement) lines.push(data.statement, '')
  lines.push(
    `URI: ${data.uri}`,
    `Version: ${data.version}`,
    `Chain ID: ${chainId}`,
    `Nonce: ${data.nonce}`,
    `Issued At: ${data.issuedAt}`,
  )
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`)
  if (data.requestId) lines.push(`Request ID: ${data.requestId}`)
  if (data.resources?.length) lines.push('Resources:', ...data.resources.map((resource) => `- ${resource}`))
  return lines.join('\n')
}
