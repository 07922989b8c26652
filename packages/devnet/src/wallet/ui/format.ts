import { anvilAddresses } from '../../accounts.ts'
import type { DevWalletChain } from '../types.ts'

/** Shortened address as wallets show it: 0xf39F…2266. */
export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

export const accountLabel = (index: number) => `Account ${index} · ${shortAddress(anvilAddresses[index]!)}`

export const chainLabel = (chain: DevWalletChain) =>
  `${chain.name} (${chain.chainId})${chain.rpcUrl ? '' : ' · no RPC'}`
