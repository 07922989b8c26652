import { type Hex, type PublicClient, verifyMessage } from 'viem'

/**
 * Whether `address` signed `message` (EIP-191 personal_sign): a plain ECDSA signature needs no chain; anything
 * else (ERC-1271 / ERC-6492 smart accounts) is asked of the chain. viem answers `false` alike for a wrong
 * signature and a chain that did not answer, so a refusal is followed by one cheap request to tell them apart:
 * "does not match" must be true.
 *
 * @example
 * await checkSignature(publicClient, { address, message, signature }) // 'valid' | 'invalid' | 'unreachable'
 */
export async function checkSignature(
  verifier: PublicClient | undefined,
  parameters: { address: Hex; message: string; signature: Hex },
): Promise<'valid' | 'invalid' | 'unreachable'> {
  if (await verifyMessage(parameters).catch(() => false)) return 'valid'
  if (!verifier) return 'invalid'
  if (await verifier.verifyMessage(parameters).catch(() => false)) return 'valid'
  return (await verifier.getChainId().then(
    () => true,
    () => false,
  ))
    ? 'invalid'
    : 'unreachable'
}
