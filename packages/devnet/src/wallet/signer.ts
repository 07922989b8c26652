import { type Chain, defineChain, type PrivateKeyAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvilPrivateKeys } from '../accounts.ts'
import { requireRpcUrl } from './rpc.ts'
import type { DevWalletSession } from './session.ts'
import type { DevWalletChain } from './types.ts'

/** The selected anvil account as a viem local account: it signs in the page, never on the node. */
export function selectedAccount(session: DevWalletSession): PrivateKeyAccount {
  return privateKeyToAccount(anvilPrivateKeys[session.state.accountIndex]!)
}

/** A viem chain for one of the wallet's chains; throws code 4901 when the chain has no RPC URL. */
export function toViemChain(chain: DevWalletChain): Chain {
  const rpcUrl = requireRpcUrl(chain)
  return defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
}
