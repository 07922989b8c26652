import { BaseError, UnauthorizedError, withTimeout } from '@latch/core'
import type { Wallet, WalletAccount } from '@wallet-standard/base'

// The Wallet Standard features Latch uses, typed here (their packages ship types only for what we need to name).

export interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>
}
export interface DisconnectFeature {
  disconnect(): Promise<void>
}
export interface EventsFeature {
  on(event: 'change', listener: (properties: { accounts?: readonly WalletAccount[] }) => void): () => void
}
export interface SignMessageFeature {
  signMessage(
    ...inputs: { account: WalletAccount; message: Uint8Array }[]
  ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
}
export interface SignAndSendTransactionFeature {
  signAndSendTransaction(
    ...inputs: {
      account: WalletAccount
      chain: `${string}:${string}`
      transaction: Uint8Array
      options?: { commitment?: 'processed' | 'confirmed' | 'finalized' }
    }[]
  ): Promise<readonly { signature: Uint8Array }[]>
}

interface Features {
  'standard:connect': ConnectFeature
  'standard:disconnect': DisconnectFeature
  'standard:events': EventsFeature
  'solana:signMessage': SignMessageFeature
  'solana:signAndSendTransaction': SignAndSendTransactionFeature
}

/** A wallet Latch can use on Solana: it connects, names a Solana chain and can sign and send transactions. */
export function isSolanaWallet(wallet: Wallet): boolean {
  const { features, chains } = wallet
  return (
    typeof wallet.name === 'string' &&
    !!features &&
    'standard:connect' in features &&
    'solana:signAndSendTransaction' in features &&
    Array.isArray(chains) &&
    chains.some((chain) => typeof chain === 'string' && chain.startsWith('solana:'))
  )
}

/** The wallet's implementation of `name`; rejects when the wallet does not offer it. */
export function featureOf<K extends keyof Features>(wallet: Wallet, name: K): Features[K] {
  const feature = wallet.features[name] as Features[K] | undefined
  if (!feature)
    throw new BaseError('The wallet does not support this request', {
      details: `${wallet.name} does not offer ${name}.`,
    })
  return feature
}

/** The wallet's account for `address`; rejects when the wallet no longer holds it for this site. */
export function accountOf(wallet: Wallet, address: string): WalletAccount {
  const account = wallet.accounts.find((a) => a.address === address)
  if (!account)
    throw new UnauthorizedError({ details: `${wallet.name} holds no account ${address} for this site.` })
  return account
}

/** Bounds a wallet call (DESIGN.md rule 8). */
export const askWallet = <T>(call: () => Promise<T>, timeoutMs: number, what: string): Promise<T> =>
  withTimeout(new Promise<T>((resolve) => resolve(call())), timeoutMs, what)
