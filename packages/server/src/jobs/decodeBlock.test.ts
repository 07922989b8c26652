import { describe, expect, it } from 'vitest'
import {
  decodeBlock,
  operationTypeOf,
  type RpcBlock,
  type RpcReceipt,
  type RpcTransaction,
  TRANSFER_TOPIC,
} from './decodeBlock.ts'

const alice = `0x${'a1'.repeat(20)}`
const bob = `0x${'b2'.repeat(20)}`
const token = `0x${'c3'.repeat(20)}`
const nft = `0x${'d4'.repeat(20)}`
const created = `0x${'e5'.repeat(20)}`
const word = (hex: string) => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`

function tx(index: number, fields: Partial<RpcTransaction> = {}): RpcTransaction {
  return {
    hash: `0x${String(index).padStart(64, '0')}`,
    from: alice.toUpperCase().replace('0X', '0x'),
    to: bob,
    value: '0x0',
    input: '0x',
    nonce: `0x${index.toString(16)}`,
    transactionIndex: `0x${index.toString(16)}`,
    ...fields,
  }
}

function receipt(transaction: RpcTransaction, fields: Partial<RpcReceipt> = {}): RpcReceipt {
  return { transactionHash: transaction.hash, status: '0x1', contractAddress: null, logs: [], ...fields }
}

function block(transactions: RpcTransaction[]): RpcBlock {
  return {
    number: '0x10',
    hash: `0x${'0f'.repeat(32)}`,
    parentHash: `0x${'0E'.repeat(32)}`,
    timestamp: '0x6740a000',
    transactions,
  }
}

describe('operationTypeOf', () => {
  it('tells a creation, a plain value transfer, an ERC-20 approve and any other call apart', () => {
    expect(operationTypeOf({ to: null, input: '0x6080' })).toBe('deploy')
    expect(operationTypeOf({ to: bob, input: '0x' })).toBe('send')
    expect(operationTypeOf({ to: token, input: `0x095ea7b3${word(bob).slice(2)}` })).toBe('approve')
    expect(operationTypeOf({ to: token, input: '0xa9059cbb' })).toBe('execute')
  })

  it('calls a call to an exchange’s swap a trade (the coin it pays out moves inside the call)', async () => {
    const { encodeFunctionData, parseAbi } = await import('viem')
    const abi = parseAbi([
      'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
      'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)',
    ])
    const path = [token, bob] as `0x${string}`[]
    for (const input of [
      encodeFunctionData({
        abi,
        functionName: 'swapExactTokensForETH',
        args: [1n, 1n, path, bob as `0x${string}`, 1n],
      }),
      encodeFunctionData({
        abi,
        functionName: 'swapExactETHForTokens',
        args: [1n, path, bob as `0x${string}`, 1n],
      }),
    ])
      expect(operationTypeOf({ to: token, input })).toBe('trade')
  })
})

describe('decodeBlock', () => {
  it('records the block lower-case, with its time from the timestamp', () => {
    const decoded = decodeBlock(31337, block([]), [])
    expect(decoded).toMatchObject({
      number: 16,
      hash: `0x${'0f'.repeat(32)}`,
      parentHash: `0x${'0e'.repeat(32)}`,
      minedAt: new Date(0x6740a000 * 1000),
      transactions: [],
    })
  })

  it('records native value as a transfer at log index -1, only when something moved', () => {
    const paid = tx(0, { value: '0xde0b6b3a7640000' })
    const empty = tx(1)
    const decoded = decodeBlock(1, block([paid, empty]), [receipt(paid), receipt(empty)])
    expect(decoded.transfers).toEqual([
      {
        chainId: 1,
        hash: paid.hash,
        logIndex: -1,
        blockNumber: 16,
        kind: 'native',
        from: alice,
        to: bob,
        amount: '1000000000000000000',
      },
    ])
    expect(decoded.transactions.map((row) => [row.operationType, row.status, row.from])).toEqual([
      ['send', 'confirmed', alice],
      ['send', 'confirmed', alice],
    ])
  })

  it('marks a reverted transaction failed and records nothing it would have moved', () => {
    const reverted = tx(0, { value: '0x5' })
    const decoded = decodeBlock(1, block([reverted]), [receipt(reverted, { status: '0x0' })])
    expect(decoded.transactions[0]!.status).toBe('failed')
    expect(decoded.transfers).toEqual([])
    // Still in both parties' history.
    expect(decoded.activity.map((row) => row.account)).toEqual([alice, bob])
  })

  it('reads ERC-20 (3 topics) and ERC-721 (4 topics) Transfer logs, and skips other logs', () => {
    const call = tx(0, { to: token, input: '0xa9059cbb' })
    const logs = [
      {
        address: token,
        topics: [TRANSFER_TOPIC, word(alice), word(bob)],
        data: word('0x16e360'),
        logIndex: '0x0',
      },
      {
        address: nft,
        topics: [TRANSFER_TOPIC, word('0x0'), word(bob), word('0x2a')],
        data: '0x',
        logIndex: '0x1',
      },
      // Approval(address,address,uint256)
      {
        address: token,
        topics: [
          '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
          word(alice),
          word(bob),
        ],
        data: word('0x1'),
        logIndex: '0x2',
      },
      // A Transfer-looking log whose amount is not one word: not an ERC-20 transfer.
      { address: token, topics: [TRANSFER_TOPIC, word(alice), word(bob)], data: '0x01', logIndex: '0x3' },
    ]
    const decoded = decodeBlock(1, block([call]), [receipt(call, { logs })])
    expect(decoded.transfers).toEqual([
      {
        chainId: 1,
        hash: call.hash,
        logIndex: 0,
        blockNumber: 16,
        token,
        kind: 'erc20',
        from: alice,
        to: bob,
        amount: '1500000',
      },
      {
        chainId: 1,
        hash: call.hash,
        logIndex: 1,
        blockNumber: 16,
        token: nft,
        kind: 'erc721',
        from: '0x0000000000000000000000000000000000000000',
        to: bob,
        tokenId: '42',
        amount: '1',
      },
    ])
    expect([...decoded.tokens]).toEqual([
      [token, 'erc20'],
      [nft, 'erc721'],
    ])
    // Sender, called contract, and every transfer's parties, once each.
    expect(decoded.activity.map((row) => row.account)).toEqual([
      alice,
      token,
      bob,
      '0x0000000000000000000000000000000000000000',
    ])
  })

  it('gives a deployment to its creator and to the created contract', () => {
    const deploy = tx(0, { to: null, input: '0x6080' })
    const decoded = decodeBlock(1, block([deploy]), [receipt(deploy, { contractAddress: created })])
    expect(decoded.transactions[0]).toMatchObject({ operationType: 'deploy', to: null })
    expect(decoded.activity.map((row) => [row.account, row.txIndex])).toEqual([
      [alice, 0],
      [created, 0],
    ])
  })

  it('refuses a block whose receipts are missing one of its transactions', () => {
    expect(() => decodeBlock(1, block([tx(0)]), [])).toThrow(/No receipt/)
  })
})

describe('user operations', () => {
  const entryPoint07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
  const userOperationEvent = '0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f'
  const safe = `0x${'5a'.repeat(20)}`
  const log = (address: string) => ({
    address,
    topics: [userOperationEvent, word('01'), word(safe), word('00')],
    data: '0x',
    logIndex: '0x0',
  })

  it('the EntryPoint’s UserOperationEvent makes the operation its sender’s, though the bundler sent it', () => {
    const handleOps = tx(1, { to: entryPoint07, input: '0x765e827f' })
    const decoded = decodeBlock(31337, block([handleOps]), [
      receipt(handleOps, { logs: [log(entryPoint07)] }),
    ])
    expect(decoded.activity.map((row) => row.account).sort()).toEqual(
      [alice, entryPoint07.toLowerCase(), safe].sort(),
    )
  })

  it('a look-alike event from any other contract names nobody', () => {
    const spoof = tx(1, { to: token, input: '0x12345678' })
    const decoded = decodeBlock(31337, block([spoof]), [receipt(spoof, { logs: [log(token)] })])
    expect(decoded.activity.map((row) => row.account)).not.toContain(safe)
  })
})
