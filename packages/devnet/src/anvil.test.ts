import { afterEach, describe, expect, it } from 'vitest'
import { type AnvilInstance, AnvilStartError, startAnvil } from './anvil.ts'

async function chainIdOf(rpcUrl: string): Promise<number> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })
  const body = (await response.json()) as { result: string }
  return Number(body.result)
}

describe('startAnvil', () => {
  const started: AnvilInstance[] = []
  afterEach(async () => {
    await Promise.all(started.splice(0).map((a) => a.stop()))
  })

  it('starts two chains on free ports in parallel and stops them', async () => {
    const [a, b] = await Promise.all([
      startAnvil({ chainId: 31337, port: 0 }),
      startAnvil({ chainId: 31338, port: 0 }),
    ])
    started.push(a, b)

    expect(a.port).not.toBe(b.port)
    expect(a.rpcUrl).toBe(`http://127.0.0.1:${a.port}`)
    expect(await chainIdOf(a.rpcUrl)).toBe(31337)
    expect(await chainIdOf(b.rpcUrl)).toBe(31338)

    await Promise.all([a.stop(), b.stop()])
    await expect(chainIdOf(a.rpcUrl)).rejects.toThrow()
    await expect(chainIdOf(b.rpcUrl)).rejects.toThrow()
    // A second stop is harmless.
    await a.stop()
  })

  it('rejects with anvil’s stderr when the port is taken', async () => {
    const a = await startAnvil({ chainId: 31337 })
    started.push(a)
    const attempt = startAnvil({ chainId: 31339, port: a.port })
    await expect(attempt).rejects.toBeInstanceOf(AnvilStartError)
    await expect(attempt).rejects.toThrow(/exited early|in use/i)
  })
})
