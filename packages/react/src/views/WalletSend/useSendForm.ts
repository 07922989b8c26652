import {
  decimalsOf,
  GasPriceUnsupportedError,
  isAddress,
  isSmartAccountInUse,
  parseAmount,
  prepareSend,
  type SendState,
  type TokenBalance,
} from '@latch/core'
import { useEffect, useState } from 'react'
import { useLatchClient } from '../../context.ts'
import { useAccount } from '../../hooks/useAccount.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { useStore } from '../../hooks/useStore.ts'
import type { TokenBalancesState } from '../Account/Tokens/useTokenBalances.ts'

const selectSend = (state: SendState) => state

/** The token list's chunk: its balances hook and token icon (see registry's `tokensModule`). */
export type TokensModule = typeof import('../Account/Tokens/Tokens.tsx')

export type FeeState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; fee: bigint }
  | { status: 'failed'; message: string; retry?: () => void }

export interface SendForm {
  send: SendState
  /** The tokens the account can send on the active network (SPEC §5: decimals '0' left out). */
  tokens: TokenBalance[] | undefined
  balances: TokenBalancesState
  /** The account's network coin in base units, once the list is loaded (0 when it lists none). */
  nativeBalance: bigint | undefined
  nativePrice: number | undefined
  fee: FeeState
  smartAccount: boolean
}

/**
 * The Send views' shared state: the send store, the account's tokens on the active network, and, as the form
 * changes, the fee of the transfer and whether a smart account is in use.
 */
export function useSendForm({ useTokenBalances, tokensToShow }: TokensModule): SendForm {
  const client = useLatchClient()
  const { address } = useAccount()
  const { network, caipNetworkId } = useNetwork()
  const send = useStore(client.send, selectSend)
  const balances = useTokenBalances(address, caipNetworkId)
  const [fee, setFee] = useState<FeeState>({ status: 'idle' })
  const [attempt, setAttempt] = useState(0)
  const [smartAccount, setSmartAccount] = useState(false)

  // Only a complete address changes the estimate, not every key typed.
  const receiver =
    send.receiverAddress && isAddress(send.receiverAddress, network.chainNamespace)
      ? send.receiverAddress
      : undefined
  const result = balances.status === 'ready' ? balances.result : undefined
  const tokens = result?.isSuccess ? tokensToShow(result.data, caipNetworkId) : undefined
  const native = result?.data?.find((token) => token.chainId === caipNetworkId && !token.address)
  const nativeBalance = result?.isSuccess
    ? native
      ? parseAmount(native.quantity.numeric, network.nativeCurrency.decimals)
      : 0n
    : undefined

  useEffect(() => {
    if (!address) return
    let live = true
    isSmartAccountInUse(client).then(
      (smart) => live && setSmartAccount(smart),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [client, address])

  // The fee depends on the token and the receiver (the amount does not change a transfer's gas).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-reads the fee on 'Try again'
  useEffect(() => {
    if (!address || !send.token) return
    let live = true
    setFee({ status: 'loading' })
    prepareSend(client).then(
      (prepared) => live && setFee({ status: 'ready', fee: prepared.gas * prepared.gasPrice }),
      (error: unknown) => {
        if (!live) return
        setFee(
          error instanceof GasPriceUnsupportedError
            ? { status: 'failed', message: error.shortMessage }
            : {
                status: 'failed',
                message: 'Could not estimate the network fee',
                retry: () => setAttempt((n) => n + 1),
              },
        )
      },
    )
    return () => {
      live = false
    }
  }, [client, address, caipNetworkId, send.token, receiver, attempt])

  // SPEC §3 send state: the fee and the network balance in USD, when the coin's price is known.
  const nativePrice = native?.price
  const feeValue = fee.status === 'ready' ? fee.fee : undefined
  useEffect(() => {
    const inUsd = (value: bigint | undefined) =>
      value === undefined || nativePrice === undefined
        ? undefined
        : (Number(value) / 10 ** network.nativeCurrency.decimals) * nativePrice
    client.send.setState({
      gasPriceInUSD: inUsd(feeValue),
      networkBalanceInUSD: native?.value === undefined ? undefined : String(native.value),
    })
  }, [client, feeValue, nativePrice, native?.value, network.nativeCurrency.decimals])

  return { send, tokens, balances, nativeBalance, nativePrice, fee, smartAccount }
}

/** The amount of `token` typed in the form, in base units, when it parses. */
export function typedAmount(send: SendState): bigint | undefined {
  return send.token ? parseAmount(send.sendTokenAmount, decimalsOf(send.token)) : undefined
}
