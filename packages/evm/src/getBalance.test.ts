import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../devnet/src/anvil.ts'
import { anvilAccount0 } from '../test/mockWallet.ts'
import { closedPortUrl, type RpcServer, rpcResultReply, startRpcServer } from '../test/rpcServer.ts'
import { createEvmAdapter } from './adapter.ts'
import { BalanceUnavailableError } from './errors.ts'
import { createBalanceReader } from './getBalance.ts'
import { devnetNetwork } from './networks.ts'
import { specRpcRetryRules } from './rpcRetry.ts'

const fastRules = { ...specRpcRetryRules, baseDelayMs: 1 }

describe('getBalance against anvil', () => {
  let anvil: AnvilInstance

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337, port: 0 })
  }, 30_000)
  afterAll(() => anvil?.stop())

  it('reads 10000 ETH for anvil account 0 on a fresh chain', async () => {
    const network = devnetNetwork(anvil.chainId, anvil.rpcUrl, 'Anvil')
    const adapter = createEvmAdapter({ networks: [network] })
    await expect(adapter.getBalance({ address: anvilAccount0, network })).resolves.toEqual({
      value: 10_000n * 10n ** 18n,
      decimals: 18,
      symbol: 'ETH',
    })
  })

  it('reads 0 for an address that never received anything', async () => {
    const network = devnetNetwork(anvil.chainId, anvil.rpcUrl, 'Anvil')
    const getBalance = createBalanceReader({ rpcTimeoutMs: 5_000 })
    const { value } = await getBalance({ address: `0x${'12'.repeat(20)}`, network })
    expect(value).toBe(0n)
  })
})

describe('getBalance failures', () => {
  const servers: RpcServer[] = []
  afterAll(() => Promise.all(servers.map((server) => server.close())))

  it('rejects with BalanceUnavailableError within a bounded time when the RPC is unreachable', async () => {
    const network = devnetNetwork(31337, await closedPortUrl(), 'Gone')
    const getBalance = createBalanceReader({ rpcTimeoutMs: 2_000 })
    const started = performance.now()
    const error = await getBalance({ address: anvilAccount0, network }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BalanceUnavailableError)
    expect((error as BalanceUnavailableError).shortMessage).toBe('Balance unavailable')
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('reports the HTTP status after the retries (SPEC §8 "HTTP status code: {n}")', async () => {
    const server = await startRpcServer(() => ({ status: 503, text: 'busy' }))
    servers.push(server)
    const getBalance = createBalanceReader({ rpcTimeoutMs: 2_000, rules: fastRules })
    const error = await getBalance({
      address: anvilAccount0,
      network: devnetNetwork(1, server.url, 'Busy'),
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BalanceUnavailableError)
    expect((error as BalanceUnavailableError).status).toBe(503)
    expect((error as BalanceUnavailableError).details).toBe('HTTP status code: 503')
    expect(server.attempts).toHaveLength(4)
  })

  it('rejects a malformed address without a request', async () => {
    const server = await startRpcServer((_, { id }) => rpcResultReply(id, '0x0'))
    servers.push(server)
    const getBalance = createBalanceReader({ rpcTimeoutMs: 2_000 })
    await expect(
      getBalance({ address: '0x123', network: devnetNetwork(1, server.url, 'Node') }),
    ).rejects.toBeInstanceOf(BalanceUnavailableError)
    expect(server.attempts).toHaveLength(0)
  })

  it('follows a network whose RPC URL changed', async () => {
    const first = await startRpcServer((_, { id }) => rpcResultReply(id, '0x1'))
    const second = await startRpcServer((_, { id }) => rpcResultReply(id, '0x2'))
    servers.push(first, second)
    const getBalance = createBalanceReader({ rpcTimeoutMs: 2_000 })
    const before = await getBalance({ address: anvilAccount0, network: devnetNetwork(7, first.url, 'Node') })
    const after = await getBalance({ address: anvilAccount0, network: devnetNetwork(7, second.url, 'Node') })
    expect([before.value, after.value]).toEqual([1n, 2n])
  })
})
