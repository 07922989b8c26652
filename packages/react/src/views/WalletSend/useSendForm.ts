import {
  createStore,
  decimalsOf,
  type LatchClient,
  parseAmount,
  type SendController,
  type SendFormState,
  type SendState,
  type Store,
  type TokenBalance,
} from '@latch/core'
import { useEffect } from 'react'
import { useLatchClient } from '../../context.ts'
import { useAccount } from '../../hooks/useAccount.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { useStore, whole } from '../../hooks/useStore.ts'
import type { TokenBalancesState } from '../Account/Tokens/useTokenBalances.ts'

export type Sending = 'idle' | 'sending' | 'declined' | 'failed'

const attempts = new WeakMap<LatchClient, Store<{ sending: Sending }>>()

/**
 * How the last send went, per client: outside the views, which unmount while the embedded wallet's
 * ApproveTransaction shows over them. The form starts each send afresh.
 */
export function attemptOf(client: LatchClient): Store<{ sending: Sending }> {
  let attempt = attempts.get(client)
  if (!attempt) {
    attempt = createStore({ sending: 'idle' as Sending })
    attempts.set(client, attempt)
  }
  return attempt
}

/** The token list's chunk: its balances hook, token icon and number formats (see registry's `tokensModule`). */
export type TokensModule = typeof import('../Account/Tokens/Tokens.tsx')

/** What every Send view is given: the token list's chunk and the form's controller. */
export interface SendViewProps {
  tokens: TokensModule
  form: SendController
}

export interface SendForm extends SendFormState {
  send: SendState
  balances: TokenBalancesState
  /** The tokens the account can send on the active network (SPEC §5: decimals '0' left out). */
  tokens: TokenBalance[] | undefined
}

/**
 * The Send views' state: the send store, the account's balances on the active network, and what the form's
 * controller (core) keeps from them (fee, smart account, USD values, a receiver's name).
 */
export function useSendForm({ tokens: module, form }: SendViewProps): SendForm {
  const { caipNetworkId } = useNetwork()
  const send = useStore(useLatchClient().send, whole)
  const balances = module.useTokenBalances(useAccount().address, caipNetworkId)
  const result = balances.status === 'ready' ? balances.result : undefined
  const data = result?.isSuccess ? result.data : undefined
  // The controller reads the coin's balance, price and value from the list the views show.
  useEffect(() => form.setBalances(data), [form, data])
  const tokens = data && module.tokensToShow(data, caipNetworkId)
  return { ...useStore(form.state, whole), send, balances, tokens }
}

/** The amount of `token` typed in the form, in base units, when it parses. */
export function typedAmount(send: SendState): bigint | undefined {
  return send.token ? parseAmount(send.sendTokenAmount, decimalsOf(send.token)) : undefined
}
