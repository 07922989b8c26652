import { erc20Abi, erc721Abi, type PublicClient } from 'viem'
import type { TokenMetadataRow } from '../storage/history.ts'

type TokenKind = TokenMetadataRow['kind']

/**
 * A token's name, symbol and (ERC-20 only) decimals, read from its contract. A read that reverts or answers
 * nothing usable falls back to 'Unknown token', '???' and null, so a token that breaks the standard still
 * gets its row (and is not read again).
 *
 * @example
 * await readTokenMetadata(client, 31337, '0x5fbdb2315678afecb367f032d93f642f64180aa3', 'erc20')
 * // { chainId: 31337, address: '0x5fbd…0aa3', kind: 'erc20', name: 'Test USD', symbol: 'TUSD', decimals: 6 }
 */
export async function readTokenMetadata(
  client: PublicClient,
  chainId: number,
  address: string,
  kind: TokenKind,
): Promise<TokenMetadataRow> {
  const read = async (functionName: 'name' | 'symbol' | 'decimals'): Promise<unknown> => {
    try {
      const abi = kind === 'erc20' ? erc20Abi : erc721Abi
      return await client.readContract({
        address: address as `0x${string}`,
        abi,
        functionName: functionName as never,
      })
    } catch {
      return undefined
    }
  }
  const [name, symbol, decimals] = await Promise.all([
    read('name'),
    read('symbol'),
    kind === 'erc20' ? read('decimals') : undefined,
  ])
  return {
    chainId,
    address,
    kind,
    name: typeof name === 'string' && name ? name.slice(0, 100) : 'Unknown token',
    symbol: typeof symbol === 'string' && symbol ? symbol.slice(0, 20) : '???',
    decimals: typeof decimals === 'number' ? decimals : null,
  }
}
