// @vitest-environment happy-dom
import {
  AccountNotFoundError,
  ConnectorNotConnectedError,
  isUserRejection,
  TimeoutError,
  UserRejectedRequestError,
} from '@latch/core'
import { describe, expect, it } from 'vitest'
import { announcedWallets, throws } from '../test/announce.ts'
import { anvilAccount0, createMockWallet, createTestAdapter, ProviderRpcError } from '../test/mockWallet.ts'

const { announce, cleanup } = announcedWallets()

describe('connect', () => {
  it('asks for accounts, then reads the chain', async () => {
    const wallet = announce({ rdns: 'io.metamask', chainId: 8453 })
    const result = await createTestAdapter().connect({ connectorId: 'io.metamask' })
    expect(result).toEqual({ accounts: [anvilAccount0], chainId: 8453 })
    expect(wallet.methods()).toEqual(['eth_requestAccounts', 'eth_chainId'])
  })

  it('rejects with UserRejectedRequestError when the visitor declines (4001)', async () => {
    const wallet = announce({
      answers: { eth_requestAccounts: throws(4001, 'User rejected the request.') },
    })
    const error = await createTestAdapter()
      .connect({ connectorId: wallet.info.rdns })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(isUserRejection(error)).toBe(true)
  })

  it('maps a wallet that throws synchronously too', async () => {
    const wallet = createMockWallet()
    wallet.provider.request = () => {
      throw new ProviderRpcError(4001, 'User rejected the request.')
    }
    cleanup.add(wallet.announce())
    await expect(createTestAdapter().connect({ connectorId: wallet.info.rdns })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
  })

  it('rejects with AccountNotFoundError when the wallet shares no account', async () => {
    const wallet = announce({ answers: { eth_requestAccounts: () => [] } })
    await expect(createTestAdapter().connect({ connectorId: wallet.info.rdns })).rejects.toBeInstanceOf(
      AccountNotFoundError,
    )
  })

  it('rejects with TimeoutError when the wallet never answers', async () => {
    const wallet = announce({ answers: { eth_requestAccounts: () => new Promise(() => {}) } })
    const adapter = createTestAdapter({ promptTimeoutMs: 50 })
    await expect(adapter.connect({ connectorId: wallet.info.rdns })).rejects.toBeInstanceOf(TimeoutError)
  })

  it('rejects with ConnectorNotConnectedError for a wallet that is not on the page', async () => {
    const started = Date.now()
    await expect(createTestAdapter().connect({ connectorId: 'io.absent' })).rejects.toBeInstanceOf(
      ConnectorNotConnectedError,
    )
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it('connects a wallet that announces while the call waits', async () => {
    const wallet = createMockWallet({ rdns: 'io.slow' })
    setTimeout(() => cleanup.add(wallet.announce()), 20)
    const adapter = createTestAdapter({ connectorWaitMs: 500 })
    await expect(adapter.connect({ connectorId: 'io.slow' })).resolves.toMatchObject({ chainId: 31337 })
  })

  it('connects the legacy window.ethereum wallet', async () => {
    const wallet = createMockWallet()
    cleanup.add(wallet.injectLegacy())
    const result = await createTestAdapter().connect({ connectorId: 'injected' })
    expect(result.accounts).toEqual([anvilAccount0])
    expect(wallet.methods()).toContain('eth_requestAccounts')
  })
})
