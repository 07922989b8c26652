// @vitest-environment happy-dom
import { RpcError, UserRejectedRequestError } from '@latch/core'
import { afterEach, describe, expect, it } from 'vitest'
import { createCleanup, createMockWallet, createTestAdapter, ProviderRpcError } from '../test/mockWallet.ts'

const cleanup = createCleanup()
afterEach(() => cleanup.run())

function refusing(error: Error) {
  const wallet = createMockWallet({
    authorised: true,
    answers: {
      wallet_revokePermissions: () => {
        throw error
      },
    },
  })
  cleanup.add(wallet.announce())
  return wallet
}

describe('disconnect', () => {
  it('revokes the site’s account permission, so the next visit does not reconnect', async () => {
    const wallet = createMockWallet({ authorised: true })
    cleanup.add(wallet.announce())
    const adapter = createTestAdapter()
    await adapter.connect({ connectorId: wallet.info.rdns })
    await adapter.disconnect({ connectorId: wallet.info.rdns })
    expect(wallet.calls.at(-1)).toEqual({
      method: 'wallet_revokePermissions',
      params: [{ eth_accounts: {} }],
    })
    await expect(adapter.reconnect({ connectorId: wallet.info.rdns })).resolves.toBeUndefined()
  })

  it.each([
    ['4200 unsupported method', new ProviderRpcError(4200, 'Unsupported method')],
    ['-32601 method not found', new ProviderRpcError(-32601, 'The method does not exist / is not available')],
    ['-32004 method not supported', new ProviderRpcError(-32004, 'Method not supported')],
    ['a generic code saying "method not found"', new ProviderRpcError(-32603, 'Method not found')],
  ])('resolves when the wallet cannot revoke (%s)', async (_, error) => {
    const wallet = refusing(error)
    await expect(createTestAdapter().disconnect({ connectorId: wallet.info.rdns })).resolves.toBeUndefined()
  })

  it('rejects with a typed error when revoking fails otherwise', async () => {
    const wallet = refusing(new ProviderRpcError(-32603, 'Internal error'))
    const error = await createTestAdapter()
      .disconnect({ connectorId: wallet.info.rdns })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).code).toBe(-32603)
  })

  it('rejects with UserRejectedRequestError when the visitor declines', async () => {
    const wallet = refusing(new ProviderRpcError(4001, 'User rejected'))
    await expect(createTestAdapter().disconnect({ connectorId: wallet.info.rdns })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
  })
})
