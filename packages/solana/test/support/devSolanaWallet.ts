/**
 * The adapter's tests against the real thing: the local Solana chain on free ports, and the Dev Wallet's Solana
 * side registered in the page's window the way the Dev Wallet registers it, its prompts answered by a mock.
 */
import './pageWindow.ts'
import { registerWallet } from '@wallet-standard/wallet'
import { type Mock, vi } from 'vitest'
import { type SolanaLocalChain, startSolanaChain } from '../../../devnet/src/solana/server.ts'
import { createDevSolanaWallet, type DevSolanaWallet } from '../../../devnet/src/wallet/solana/wallet.ts'
import type { ApprovalRequest } from '../../../devnet/src/wallet/types.ts'

export interface DevSolanaWalletSetup {
  chain: SolanaLocalChain
  wallet: DevSolanaWallet
  /** The wallet's prompt: resolves (Approve) unless a test makes it reject. */
  confirm: Mock<(request: ApprovalRequest) => Promise<void>>
  /** Selects test account `index`, as the Dev Wallet's account select does, and tells the page. */
  selectAccount(index: number): void
  /** Forgets this site (the wallet's disconnect), selects account 0 and clears the prompt's record. */
  reset(): Promise<void>
  stop(): Promise<void>
}

/**
 * Starts the local chain and registers the Dev Wallet's Solana side on it.
 *
 * @example
 * const local = await startDevSolanaWallet()
 * await adapter.connect({ connectorId: 'solana:Latch Dev Wallet' }) // local.confirm called once
 * await local.stop()
 */
export async function startDevSolanaWallet(): Promise<DevSolanaWalletSetup> {
  const chain = await startSolanaChain({ port: 0 })
  let accountIndex = 0
  const confirm = vi.fn(async (_request: ApprovalRequest) => undefined)
  const wallet = createDevSolanaWallet({
    rpcUrl: chain.rpcUrl,
    accountIndex: () => accountIndex,
    confirm,
    host: window.location.host,
    storage: undefined,
    storageKey: 'latch-devwallet-solana',
  })
  registerWallet(wallet)
  const selectAccount = (index: number) => {
    accountIndex = index
    wallet.accountChanged()
  }
  return {
    chain,
    wallet,
    confirm,
    selectAccount,
    async reset() {
      const { disconnect } = wallet.features['standard:disconnect'] as { disconnect(): Promise<void> }
      await disconnect()
      selectAccount(0)
      confirm.mockReset()
      confirm.mockImplementation(async () => undefined)
    },
    async stop() {
      wallet.destroy()
      await chain.stop()
    },
  }
}
