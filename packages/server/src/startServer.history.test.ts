import { anvilAddresses, startDevnet } from '@latch/devnet'
import { createPublicClient, http } from 'viem'
import { expect, test } from 'vitest'
import { devnetBlockchainConfig } from './chains/defaults.ts'
import { startServer } from './startServer.ts'

test('indexes the configured chains and serves their history until closed; index: false only serves', async () => {
  const devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }] })
  try {
    const rpcUrl = devnet.chains[0]!.rpcUrl
    const config = devnetBlockchainConfig({ rpcA: rpcUrl })
    const blockchain = { ...config, chains: config.chains.slice(0, 1) }
    const head = Number(
      await createPublicClient({ transport: http(rpcUrl) }).getBlockNumber({ cacheTime: 0 }),
    )

    const server = await startServer({ port: 0, dataDir: 'memory', blockchain })
    const [indexer] = server.indexers
    expect(server.indexers.map((each) => each.chainId)).toEqual([31337])
    await indexer!.waitFor(head, 15_000)
    const response = await fetch(`${server.url}/v1/account/${anvilAddresses[0]}/history`)
    const body = (await response.json()) as { data: { metadata: { operationType: string } }[] }
    // The devnet mints LUSD, LTK and LPT to every account.
    expect(body.data.map((tx) => tx.metadata.operationType)).toEqual(['mint', 'mint', 'mint'])
    await server.close()
    expect(indexer!.state().running).toBe(false)

    const reader = await startServer({ port: 0, dataDir: 'memory', blockchain, index: false })
    expect(reader.indexers).toEqual([])
    const empty = await fetch(`${reader.url}/v1/account/${anvilAddresses[0]}/history`)
    expect(await empty.json()).toEqual({ data: [], next: null })
    await reader.close()
  } finally {
    await devnet.stop()
  }
}, 60_000)
