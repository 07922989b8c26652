import type { TokenBalance } from '../api/types.ts'
import { createStore, type Store } from './store.ts'

/** SPEC §3 send state. */
export interface SendState {
  /** The token to send, as the balances list gives it (no `address`: the network's coin). */
  token: TokenBalance | undefined
  /** The amount as the visitor typed it, in whole units ('1.5'). */
  sendTokenAmount: string | undefined
  receiverAddress: string | undefined
  receiverProfileName: string | undefined
  receiverProfileImageUrl: string | undefined
  /** Price of one gas unit in the coin's base units, read for the current form. */
  gasPrice: bigint | undefined
  /** The estimated network fee in USD, when the coin's price is known. */
  gasPriceInUSD: number | undefined
  /** What the account's network coin is worth in USD, when known. */
  networkBalanceInUSD: string | undefined
}

export function initialSendState(): SendState {
  return {
    token: undefined,
    sendTokenAmount: undefined,
    receiverAddress: undefined,
    receiverProfileName: undefined,
    receiverProfileImageUrl: undefined,
    gasPrice: undefined,
    gasPriceInUSD: undefined,
    networkBalanceInUSD: undefined,
  }
}

export function createSendStore(): Store<SendState> {
  return createStore(initialSendState())
}
