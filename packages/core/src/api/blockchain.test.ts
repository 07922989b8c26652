import { describe, expect, it } from 'vitest'
import { balancePath, balancesHandler, createFakeServer, json, tokenBalance } from '../../test/fakeServer.ts'
import { SDK_VERSION } from '../version.ts'
import { createBlockchainClient } from './blockchain.ts'

const chainApiUrl = 'http://chain.test'
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function setup(projectId?: string) {
  const server = createFakeServer()
  const blockchain = createBlockchainClient({ chainApiUrl, projectId, fetch: server.fetch })
  return { server, blockchain }
}

describe('getBalances (SPEC §7 GET /v1/account/{address}/balance)', () => {
  it('asks chainApiUrl for the account’s USD balances on one network, naming the project and the SDK', async () => {
    const { server, blockchain } = setup('demo')
    server.handle(balancePath(address), balancesHandler([tokenBalance('USDC')]))

    const balances = await blockchain.getBalances({ address, chainId: 'eip155:31337' })

    expect(balances.map((b) => b.symbol)).toEqual(['USDC'])
    const { url } = server.requests[0]!
    expect(url.origin + url.pathname).toBe(`${chainApiUrl}/v1/account/${address}/balance`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'demo',
      st: 'latch',
      sv: SDK_VERSION,
      currency: 'usd',
      chainId: 'eip155:31337',
    })
  })

  it('sends forceUpdate=true only when asked, and no projectId when the app has none', async () => {
    const { server, blockchain } = setup()
    server.handle(balancePath(address), balancesHandler([]))
    await blockchain.getBalances({ address, chainId: 'eip155:1', forceUpdate: true })
    await blockchain.getBalances({ address, chainId: 'eip155:1', forceUpdate: false })
    const [forced, plain] = server.requests.map((r) => r.url.searchParams)
    expect(forced!.get('forceUpdate')).toBe('true')
    expect(forced!.has('projectId')).toBe(false)
    expect(plain!.has('forceUpdate')).toBe(false)
  })

  it("rejects with 'HTTP status code: {n}' when the server fails", async () => {
    const { server, blockchain } = setup()
    server.handle(balancePath(address), () => json({ error: 'down' }, 503))
    await expect(blockchain.getBalances({ address, chainId: 'eip155:1' })).rejects.toMatchObject({
      shortMessage: 'HTTP status code: 503',
      status: 503,
    })
  })
})
