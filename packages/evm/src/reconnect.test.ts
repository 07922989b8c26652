// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import {
  anvilAccount0,
  createCleanup,
  createMockWallet,
  createTestAdapter,
  ProviderRpcError,
} from '../test/mockWallet.ts'

const cleanup = createCleanup()
afterEach(() => cleanup.run())

describe('reconnect', () => {
  it('restores an authorised wallet without a prompt', async () => {
    const wallet = createMockWallet({ authorised: true })
    cleanup.add(wallet.announce())
    const result = await createTestAdapter().reconnect({ connectorId: wallet.info.rdns })
    expect(result).toEqual({ accounts: [anvilAccount0], chainId: 31337 })
    expect(wallet.methods()).toEqual(['eth_accounts', 'eth_chainId'])
  })

  it('resolves undefined, without a prompt, when the site is not authorised', async () => {
    const wallet = createMockWallet({ authorised: false })
    cleanup.add(wallet.announce())
    await expect(createTestAdapter().reconnect({ connectorId: wallet.info.rdns })).resolves.toBeUndefined()
    expect(wallet.methods()).toEqual(['eth_accounts'])
  })

  it('resolves undefined when the wallet answers 4100 Unauthorized', async () => {
    const wallet = createMockWallet({
      answers: {
        eth_accounts: () => {
          throw new ProviderRpcError(4100, 'Unauthorized')
        },
      },
    })
    cleanup.add(wallet.announce())
    await expect(createTestAdapter().reconnect({ connectorId: wallet.info.rdns })).resolves.toBeUndefined()
  })

  it('waits for a wallet that announces after the adapter loaded', async () => {
    const wallet = createMockWallet({ rdns: 'io.slow', authorised: true })
    const adapter = createTestAdapter({ connectorWaitMs: 500 })
    setTimeout(() => cleanup.add(wallet.announce()), 30)
    await expect(adapter.reconnect({ connectorId: 'io.slow' })).resolves.toMatchObject({
      accounts: [anvilAccount0],
    })
  })

  it('resolves undefined within the bounded wait when the wallet never appears', async () => {
    const started = Date.now()
    await expect(
      createTestAdapter({ connectorWaitMs: 100 }).reconnect({ connectorId: 'io.absent' }),
    ).resolves.toBeUndefined()
    expect(Date.now() - started).toBeLessThan(600)
  })
})
