import { createStore, type Store } from '../store.ts'

/** SPEC §3 send state. */
export interface SendState {
  token: { address?: string; symbol: string; decimals: number } | undefined
  sendTokenAmount: string | undefined
  receiverAddress: string | undefined
  receiverProfileName: string | undefined
  receiverProfileImageUrl: string | undefined
  gasPrice: bigint | undefined
  gasPriceInUSD: number | undefined
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
