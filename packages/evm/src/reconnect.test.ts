// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { announcedWallets, throws } from '../test/announce.ts'
import { anvilAccount0, createMockWallet, createTestAdapter } from '../test/mockWallet.ts'

const { announce, cleanup } = announcedWallets()

describe('reconnect', () => {
  it('restores an authorised wallet without a prompt', async () => {
    const wallet = announce({ authorised: true })
    const result = await createTestAdapter().reconnect({ connectorId: wallet.info.rdns })
    expect(result).toEqual({ accounts: [anvilAccount0], chainId: 31337 })
    expect(wallet.methods()).toEqual(['eth_accounts', 'eth_chainId'])
  })

  it('resolves undefined, without a prompt, when the site is not authorised', async () => {
    const wallet = announce({ authorised: false })
    await expect(createTestAdapter().reconnect({ connectorId: wallet.info.rdns })).resolves.toBeUndefined()
    expect(wallet.methods()).toEqual(['eth_accounts'])
  })

  it('resolves undefined when the wallet answers 4100 Unauthorized', async () => {
    const wallet = announce({ answers: { eth_accounts: throws(4100, 'Unauthorized') } })
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
