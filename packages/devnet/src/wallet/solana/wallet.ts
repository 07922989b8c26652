import {
  createKeyPairFromPrivateKeyBytes,
  getBase58Encoder,
  getBase64Decoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  signBytes,
} from '@solana/kit'
import { SOLANA_LOCALNET_CHAIN } from '@solana/wallet-standard-chains'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { solanaTestAddresses, solanaTestSeeds } from '../../solana/accounts.ts'
import { devWalletIcon } from '../icon.ts'
import type { ApprovalRequest } from '../types.ts'
import { describeTransaction } from './describe.ts'

export interface DevSolanaWalletParameters {
  /** The local chain's JSON-RPC URL: transactions go there (`solana:localnet`). */
  rpcUrl: string
  /** The selected test account (0–9), shared with the EVM side of the Dev Wallet. */
  accountIndex(): number
  /** Resolves on Approve (or with auto-approve on); rejects with code 4001 otherwise. */
  confirm(request: ApprovalRequest): Promise<void>
  /** `location.host` of the page, shown in prompts. */
  host: string
  storage: Storage | undefined
  storageKey: string
}

export interface DevSolanaWallet extends Wallet {
  /** Tells the page the selected account changed (the EVM side's account select moved). */
  accountChanged(): void
  /** Drops the site's accounts (the Wallet Standard has no unregistering) and every listener. */
  destroy(): void
}

const features = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })

/** Where the transaction landed: polls the node until it has a status (the local chain executes at once). */
async function confirmed(rpcUrl: string, signature: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const result = (await rpc(rpcUrl, 'getSignatureStatuses', [[signature]])) as {
      value: ({ err: unknown } | null)[]
    }
    const status = result.value[0]
    if (status) {
      if (status.err) throw rpcError(-32003, `Transaction failed: ${JSON.stringify(status.err)}`)
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw rpcError(-32603, `Transaction ${signature} was not confirmed.`)
}

async function rpc(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (body.error) throw rpcError(body.error.code, body.error.message)
  return body.result
}

/**
 * The Dev Wallet's Solana side: a Wallet Standard wallet named like its EVM side, holding the test accounts
 * derived from anvil's mnemonic (Phantom's path m/44'/501'/i'/0'), signing in the page with WebCrypto and
 * sending to the local chain. Every connect, message and transaction asks through the Dev Wallet's prompts.
 *
 * @example
 * const wallet = createDevSolanaWallet({ rpcUrl: 'http://127.0.0.1:8899', accountIndex: () => 0, confirm, … })
 * registerWallet(wallet)
 */
export function createDevSolanaWallet(parameters: DevSolanaWalletParameters): DevSolanaWallet {
  const { rpcUrl, confirm, host, storage, storageKey } = parameters
  const listeners = new Set<(properties: { accounts: readonly WalletAccount[] }) => void>()
  const accountObjects = new Map<number, WalletAccount>()
  let authorized = readAuthorized(storage, storageKey)
  let shownIndex = parameters.accountIndex()

  const accountAt = (index: number): WalletAccount => {
    let account = accountObjects.get(index)
    if (!account) {
      const address = solanaTestAddresses[index]!
      account = Object.freeze({
        address,
        publicKey: new Uint8Array(getBase58Encoder().encode(address)),
        chains: [SOLANA_LOCALNET_CHAIN] as const,
        features,
      }) satisfies WalletAccount
      accountObjects.set(index, account)
    }
    return account
  }
  const current = () => accountAt(parameters.accountIndex())
  const accounts = () => (authorized ? [current()] : [])
  const emit = () => {
    for (const listener of [...listeners]) listener({ accounts: accounts() })
  }
  const setAuthorized = (value: boolean) => {
    authorized = value
    try {
      storage?.setItem(storageKey, JSON.stringify({ authorized }))
    } catch {
      // Storage may be blocked; the wallet still works for this page load.
    }
    emit()
  }
  const keyPair = () =>
    createKeyPairFromPrivateKeyBytes(hexBytes(solanaTestSeeds[parameters.accountIndex()]!))
  const assertAccount = (account: WalletAccount) => {
    if (!authorized) throw rpcError(4100, 'Latch Dev Wallet is not connected to this site.')
    if (account.address !== current().address)
      throw rpcError(4100, `Latch Dev Wallet does not hold ${account.address} for this site.`)
  }
  const assertChain = (chain: string) => {
    if (chain !== SOLANA_LOCALNET_CHAIN)
      throw rpcError(4901, `Latch Dev Wallet only knows ${SOLANA_LOCALNET_CHAIN}.`)
  }

  async function signTransaction(
    account: WalletAccount,
    wire: Uint8Array,
    title: string,
  ): Promise<Uint8Array> {
    assertAccount(account)
    const transaction = getTransactionDecoder().decode(wire)
    if (!(account.address in transaction.signatures))
      throw rpcError(-32602, `The transaction needs no signature of ${account.address}.`)
    await confirm({ title, details: [{ label: 'Site', value: host }, ...describeTransaction(wire)] })
    const signature = await signBytes((await keyPair()).privateKey, new Uint8Array(transaction.messageBytes))
    const signed = {
      ...transaction,
      signatures: { ...transaction.signatures, [account.address]: signature as SignatureBytes },
    }
    return new Uint8Array(getTransactionEncoder().encode(signed))
  }

  const wallet: DevSolanaWallet = {
    version: '1.0.0',
    name: 'Latch Dev Wallet',
    icon: devWalletIcon(),
    chains: [SOLANA_LOCALNET_CHAIN],
    get accounts() {
      return accounts()
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          if (!authorized && !input?.silent) {
            await confirm({
              title: `Connect to ${host}`,
              details: [
                { label: 'Account', value: current().address },
                { label: 'Network', value: 'Solana (local)' },
              ],
            })
            setAuthorized(true)
          }
          return { accounts: accounts() }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          if (authorized) setAuthorized(false)
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: (properties: { accounts: readonly WalletAccount[] }) => void) {
          if (event !== 'change') return () => undefined
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
          const outputs = []
          for (const { account, message } of inputs) {
            assertAccount(account)
            await confirm({
              title: 'Sign message',
              details: [
                { label: 'Site', value: host },
                { label: 'Account', value: account.address },
              ],
              body: readableText(message),
            })
            const signature = await signBytes((await keyPair()).privateKey, message)
            outputs.push({ signedMessage: message, signature, signatureType: 'ed25519' as const })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(
          ...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: string }[]
        ) {
          const outputs = []
          for (const { account, transaction, chain } of inputs) {
            if (chain) assertChain(chain)
            outputs.push({
              signedTransaction: await signTransaction(account, transaction, 'Sign transaction'),
            })
          }
          return outputs
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(
          ...inputs: { account: WalletAccount; transaction: Uint8Array; chain: string }[]
        ) {
          const outputs = []
          for (const { account, transaction, chain } of inputs) {
            assertChain(chain)
            const signed = await signTransaction(account, transaction, 'Send transaction')
            const encoded = getBase64Decoder().decode(signed)
            const signature = (await rpc(rpcUrl, 'sendTransaction', [
              encoded,
              { encoding: 'base64' },
            ])) as string
            await confirmed(rpcUrl, signature)
            outputs.push({ signature: new Uint8Array(getBase58Encoder().encode(signature)) })
          }
          return outputs
        },
      },
    },
    accountChanged() {
      const index = parameters.accountIndex()
      if (index === shownIndex) return
      shownIndex = index
      if (authorized) emit()
    },
    destroy() {
      authorized = false
      emit()
      listeners.clear()
    },
  }
  return wallet
}

function readAuthorized(storage: Storage | undefined, key: string): boolean {
  try {
    return (
      (JSON.parse(storage?.getItem(key) ?? 'null') as { authorized?: unknown } | null)?.authorized === true
    )
  } catch {
    return false
  }
}

function hexBytes(hex: string): Uint8Array {
  return new Uint8Array(hex.match(/../g)!.map((byte) => Number.parseInt(byte, 16)))
}

/** The message as text when it is UTF-8 (a sign-in message), else its bytes in hex. */
function readableText(message: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(message)
  } catch {
    return [...message].map((b) => b.toString(16).padStart(2, '0')).join('')
  }
}
