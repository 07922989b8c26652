import {
  floorBalance,
  type SwapFormState,
  type SwapToken,
  swapFormOf,
  swapProblem,
  swapTokensOf,
  type TokenBalance,
} from '@latch/core'
import { useEffect } from 'react'
import { type AsyncState, useAsync } from '../../async.tsx'
import { useLatchClient } from '../../context.ts'
import { useAccount } from '../../hooks/useAccount.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { useStore, whole } from '../../hooks/useStore.ts'
import type { TokensModule } from '../WalletSend/useSendForm.ts'

/** What every Swap view is given: the token list's chunk (balances hook, token icon, number formats). */
export interface SwapViewProps {
  tokens: TokensModule
}

export interface SwapViewState {
  form: SwapFormState
  /** The tokens swapped on the network, the coin first. */
  list: AsyncState<SwapToken[]> | undefined
  /** The account's balances on the network, once in. */
  balances: TokenBalance[] | undefined
  /** What stops the swap, worded for its button. */
  problem: string | undefined
}

/**
 * The Swap views' state: the client's swap form, the network's swap tokens, the account's balances and what stops
 * the swap (core's `swapProblem`). The coin pays until the visitor picks another token.
 */
export function useSwap({ tokens: module }: SwapViewProps): SwapViewState {
  const client = useLatchClient()
  const { caipNetworkId, network } = useNetwork()
  const form = useStore(swapFormOf(client), whole)
  const held = module.useTokenBalances(useAccount().address, caipNetworkId)
  const balances = held.status === 'ready' && held.result.isSuccess ? held.result.data : undefined
  const list = useAsync(() => swapTokensOf(client, caipNetworkId), caipNetworkId)
  const coin = list?.status === 'ready' ? list.value[0] : undefined
  useEffect(() => {
    const { from, caipNetworkId: formNetwork } = swapFormOf(client).getState()
    if (coin && !from && formNetwork === caipNetworkId) swapFormOf(client).setState({ from: coin })
  }, [client, coin, caipNetworkId])
  return {
    form,
    list,
    balances,
    problem: swapProblem(form, { balances, coinSymbol: network.nativeCurrency.symbol }),
  }
}

/** An amount of a token in whole units, cut to 6 decimals ('1490.123456'). */
export const amountText = (value: bigint, token: SwapToken) => floorBalance(value, token.decimals, 6)
