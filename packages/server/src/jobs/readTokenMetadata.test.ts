import {
  createPublicClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  type Hex,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { readTokenMetadata } from './readTokenMetadata.ts'

const token = '0x5fbdb2315678afecb367f032d93f642f64180aa3'

/** A node whose token contract answers `answers[functionName]`, and reverts what it does not list. */
function clientAnswering(answers: Partial<Record<'name' | 'symbol' | 'decimals', string | number>>) {
  const asked: string[] = []
  const client = createPublicClient({
    transport: custom(
      {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method !== 'eth_call') throw new Error(`unexpected ${method}`)
          const { data } = params![0] as { data: Hex }
          const { functionName } = decodeFunctionData({ abi: erc20Abi, data })
          asked.push(functionName)
          const answer = answers[functionName as keyof typeof answers]
          if (answer === undefined) throw new Error('execution reverted')
          return encodeFunctionResult({
            abi: erc20Abi,
            functionName: functionName as 'name',
            result: answer as never,
          })
        },
      },
      // A revert is an answer: no retries.
      { retryCount: 0 },
    ),
  })
  return { client, asked }
}

describe('readTokenMetadata', () => {
  it('reads an ERC-20 token’s name, symbol and decimals', async () => {
    const { client } = clientAnswering({ name: 'Test USD', symbol: 'TUSD', decimals: 6 })
    expect(await readTokenMetadata(client, 31337, token, 'erc20')).toEqual({
      chainId: 31337,
      address: token,
      kind: 'erc20',
      name: 'Test USD',
      symbol: 'TUSD',
      decimals: 6,
    })
  })

  it('does not ask an ERC-721 collection for decimals', async () => {
    const { client, asked } = clientAnswering({ name: 'Pets', symbol: 'PET', decimals: 0 })
    expect(await readTokenMetadata(client, 1, token, 'erc721')).toMatchObject({
      name: 'Pets',
      decimals: null,
    })
    expect(asked.sort()).toEqual(['name', 'symbol'])
  })

  it('falls back to Unknown token / ??? / null for reads that revert or answer empty, and trims long ones', async () => {
    expect(await readTokenMetadata(clientAnswering({}).client, 1, token, 'erc20')).toMatchObject({
      name: 'Unknown token',
      symbol: '???',
      decimals: null,
    })
    const { client } = clientAnswering({ name: '', symbol: 'S'.repeat(30), decimals: 18 })
    expect(await readTokenMetadata(client, 1, token, 'erc20')).toMatchObject({
      name: 'Unknown token',
      symbol: 'S'.repeat(20),
      decimals: 18,
    })
  })
})
