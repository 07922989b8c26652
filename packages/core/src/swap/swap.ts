// The Swap views' form and the swap itself: the tokens and amount chosen, the quote kept fresh (asked 200 ms after
// the last change, again every 10 s), what stops the swap, and the approve-then-swap steps with the wallet. The form
// is kept per client, outside the views: the embedded wallet's approval view replaces them while the wallet asks.

import { type FetchFunction, HttpError, requestJson, serverUrl } from '../api/http.ts'
import type { TokenBalance } from '../api/types.ts'
import type { LatchClient } from '../createLatch.ts'
import { floorBalance, parseAmount } from '../format/format.ts'
import { createStore, type Store } from '../state/store.ts'
import type { AdapterCall } from '../types.ts'
import {
  type ConvertTransaction,
  SWAP_COIN,
  SWAP_SLIPPAGE,
  type SwapQuoteAnswer,
  type SwapToken,
} from './convert.ts'

/** The convert API of one client's server. */
export function convertApi(client: Pick<LatchClient, 'options'>, fetch?: FetchFunction) {
  const { apiUrl, chainApiUrl = apiUrl, projectId } = client.options
  const get = <T>(path: string, query: Record<string, string | undefined>, signal?: AbortSignal) =>
    requestJson<T>(
      fetch ?? globalThis.fetch,
      serverUrl(chainApiUrl ?? '', `/v1/convert/${path}`, projectId, query),
      {
        signal: signal ?? null,
      },
    )
  return {
    /** The best quote, or undefined where no pool can fill the amount. */
    quote: (query: { amount: string; from: string; to: string; userAddress: string }) =>
      get<{ quotes: SwapQuoteAnswer[] }>('quotes', query).then((answer) => answer.quotes[0]),
    gasPrice: (chainId: string) => get<{ standard: string }>('gas-price', { chainId }),
    allowance: (tokenAddress: string, userAddress: string) =>
      get<{ allowance: string }>('allowance', { tokenAddress, userAddress }).then((answer) =>
        BigInt(answer.allowance),
      ),
    buildApprove: (query: { userAddress: string; from: string; to: string; amount: string }) =>
      get<{ tx: ConvertTransaction }>('build-approve', query).then((answer) => answer.tx),
    buildSwap: (body: {
      amount: string
      from: string
      to: string
      userAddress: string
      minToAmount?: string
    }) =>
      requestJson<{ tx: ConvertTransaction; toAmount: string }>(
        fetch ?? globalThis.fetch,
        serverUrl(chainApiUrl ?? '', '/v1/convert/build-transaction', projectId),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...body, eip155: { slippage: SWAP_SLIPPAGE }, projectId }),
        },
      ),
  }
}

export type ConvertApi = ReturnType<typeof convertApi>

/** The quote is asked this long after the last change of the form (typing). */
export const SWAP_QUOTE_WAIT_MS = 200
/** A shown quote is asked again this often. */
export const SWAP_QUOTE_REFRESH_MS = 10_000
/** Price impact, in percent, above which the form warns, and above which it refuses to swap. */
export const PRICE_IMPACT_WARN = 5
export const PRICE_IMPACT_BLOCK = 30
/** Gas a swap is reckoned at when the server gives no figure (the reference's own). */
const DEFAULT_SWAP_GAS = 150_000n

export type SwapQuoteState =
  | { status: 'idle' | 'loading' | 'none' }
  | { status: 'ready'; toAmount: bigint; priceImpact: number | undefined; fee: bigint | undefined }
  | { status: 'failed'; retry: () => void }

/** Where a swap stands: asking for the approval, for the swap, or how the last attempt ended. */
export type Swapping = 'idle' | 'approving' | 'swapping' | 'declined' | 'failed'

export interface SwapFormState {
  /** The network the form was filled on; another network empties it. */
  caipNetworkId: string | undefined
  from: SwapToken | undefined
  to: SwapToken | undefined
  /** As typed, in whole units. */
  amount: string
  /** Which token SwapSelectToken chooses. */
  picking: 'from' | 'to'
  quote: SwapQuoteState
  swapping: Swapping
  /** Whether the account is the embedded wallet's smart account: its fee sponsored, approve and swap one operation. */
  smartAccount: boolean
}

const forms = new WeakMap<LatchClient, Store<SwapFormState>>()

/** The client's swap form (made on first use). */
export function swapFormOf(client: LatchClient): Store<SwapFormState> {
  let form = forms.get(client)
  if (!form) {
    form = createStore<SwapFormState>({
      caipNetworkId: undefined,
      from: undefined,
      to: undefined,
      amount: '',
      picking: 'from',
      quote: { status: 'idle' },
      swapping: 'idle',
      smartAccount: false,
    })
    forms.set(client, form)
  }
  return form
}

/** The account on the active network, as CAIP-10, when one is connected. */
function userOf(client: LatchClient): string | undefined {
  const { activeNamespace, activeNetwork } = client.network.getState()
  const { address } = client.accounts.get(activeNamespace)
  return address && `${activeNetwork.caipNetworkId}:${address}`
}

/**
 * Whether the account is the embedded wallet's smart account (its Safe): the account type its frame reports, as
 * send's `isSmartAccountInUse` reads it for an embedded wallet (that module is the Send views' chunk).
 */
const embeddedSmartAccount = (client: LatchClient) =>
  client.connection.getState().connections.eip155?.connectorType === 'AUTH' &&
  client.loadedFrame()?.login.getState().user?.accountType === 'smartAccount'

/** What the form's amount is in base units of its `from` token, when it parses. */
export const swapAmountOf = ({ from, amount }: Pick<SwapFormState, 'from' | 'amount'>) =>
  from && parseAmount(amount, from.decimals)

/** Whether a swap token is the network's coin. */
export const isSwapCoin = (token: SwapToken) => token.address.toLowerCase().endsWith(SWAP_COIN)

/** The account's balance of a swap token, as its balances list it (none when it holds none). */
export const balanceOf = (token: SwapToken, balances: readonly TokenBalance[]) =>
  balances.find((held) =>
    isSwapCoin(token) ? !held.address : held.address?.toLowerCase() === token.address.toLowerCase(),
  )

/** What the account holds of a swap token, in base units (0 when its balances list none). */
export function heldOf(token: SwapToken, balances: readonly TokenBalance[]): bigint {
  const balance = balanceOf(token, balances)
  return (balance && parseAmount(balance.quantity.numeric, token.decimals)) ?? 0n
}

/**
 * Keeps the form's quote fresh while the Swap views show: asked 200 ms after the tokens or amount change, again
 * every 10 s; empties the form when the network changes. Returns the stop.
 *
 * @example
 * useEffect(() => followSwapQuotes(client), [client])
 */
export function followSwapQuotes(client: LatchClient): () => void {
  const form = swapFormOf(client)
  const api = convertApi(client)
  let timer: ReturnType<typeof setTimeout> | undefined
  let asked: string | undefined
  /** The quote wanted now: reads for an earlier one (even of the same key, asked again) are dropped. */
  let wanted: object | undefined

  /** Reads the quote (and the gas price its fee is reckoned at), then again every 10 s while it is wanted. */
  const read = async (token: object, query: Parameters<typeof api.quote>[0], chainId: string) => {
    try {
      const [quote, gasPrice] = await Promise.all([api.quote(query), api.gasPrice(chainId)])
      if (wanted !== token) return
      form.setState({
        quote: quote
          ? {
              status: 'ready',
              toAmount: BigInt(quote.toAmount),
              priceImpact: quote.priceImpact,
              fee: BigInt(quote.gas ?? DEFAULT_SWAP_GAS) * BigInt(gasPrice.standard),
            }
          : { status: 'none' },
      })
    } catch {
      if (wanted !== token) return
      const retry = () => {
        clearTimeout(timer)
        form.setState({ quote: { status: 'loading' } })
        void read(token, query, chainId)
      }
      form.setState({ quote: { status: 'failed', retry } })
    }
    // A failed read is tried again too: the form does not stay stuck on it.
    timer = setTimeout(() => read(token, query, chainId), SWAP_QUOTE_REFRESH_MS)
  }

  function follow() {
    const { caipNetworkId } = client.network.getState().activeNetwork
    const state = form.getState()
    const smartAccount = embeddedSmartAccount(client)
    if (state.smartAccount !== smartAccount) form.setState({ smartAccount })
    if (state.caipNetworkId !== caipNetworkId) {
      form.setState({ caipNetworkId, from: undefined, to: undefined, amount: '' })
      return
    }
    const { from, to } = state
    const amount = swapAmountOf(state)
    const userAddress = userOf(client)
    const key = JSON.stringify([from?.address, to?.address, String(amount), userAddress])
    if (key === asked) return
    asked = key
    clearTimeout(timer)
    const token = {}
    wanted = token
    if (!from || !to || !amount || !userAddress) {
      form.setState({ quote: { status: 'idle' } })
      return
    }
    form.setState({ quote: { status: 'loading' } })
    const query = { amount: String(amount), from: from.address, to: to.address, userAddress }
    timer = setTimeout(() => read(token, query, caipNetworkId), SWAP_QUOTE_WAIT_MS)
  }

  const stops = [form, client.network, client.accounts].map((store) => store.subscribe(follow))
  follow()
  return () => {
    for (const stop of stops) stop()
    clearTimeout(timer)
    asked = wanted = undefined
  }
}

/** What the swap needs from the account: its balances on the network, and the coin's symbol for the gas message. */
export interface SwapCheckContext {
  balances: readonly TokenBalance[] | undefined
  coinSymbol: string
}

/**
 * What stops the swap, worded for the form's button, in the order a visitor fixes it; undefined when it can go.
 *
 * @example
 * swapProblem({ ...form, amount: '1.2.3' }, context) // 'Incorrect amount'
 */
export function swapProblem(
  form: SwapFormState,
  { balances, coinSymbol }: SwapCheckContext,
): string | undefined {
  const { from, to, amount, quote, smartAccount } = form
  if (!from || !to) return 'Select Token'
  if (!amount.trim()) return 'Enter Amount'
  const value = swapAmountOf(form)
  if (!value) return 'Incorrect amount'
  if (balances && value > heldOf(from, balances)) return 'Insufficient balance'
  if (quote.status === 'none') return 'Insufficient liquidity'
  if (quote.status !== 'ready') return undefined
  if ((quote.priceImpact ?? 0) > PRICE_IMPACT_BLOCK) return 'Price impact too high'
  const coin = balances?.find((held) => !held.address)
  // SPEC §5: a smart account's fee is its paymaster's.
  if (balances && quote.fee !== undefined && !smartAccount) {
    const coinHeld = coin ? (parseAmount(coin.quantity.numeric, Number(coin.quantity.decimals)) ?? 0n) : 0n
    if (coinHeld < quote.fee + (isSwapCoin(from) ? value : 0n)) return `Not enough ${coinSymbol} for gas`
  }
  return undefined
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resolves once `done()` is true, asking every `everyMs`; rejects after `forMs` (a minute by default). */
async function until(done: () => Promise<boolean>, everyMs = 1000, forMs = 60_000) {
  const end = Date.now() + forMs
  while (!(await done())) {
    if (Date.now() > end) throw new Error('Not mined in time')
    await sleep(everyMs)
  }
}

/**
 * Sends `calls` as ONE atomic operation (EIP-5792, the smart account's user operation), approved once in the wallet;
 * resolves once it is mined, rejects when it reverted or was not mined within 2 minutes.
 */
async function sendAtomically(client: LatchClient, calls: AdapterCall[]) {
  const at = {
    connectorId: client.connection.getState().connections.eip155!.connectorId,
    network: client.network.getState().activeNetwork,
  }
  const adapter = await client.getAdapter('eip155')
  const from = client.accounts.get('eip155').address!
  const { id } = await adapter.sendCalls!({ ...at, from, calls, atomicRequired: true })
  // As long as the wallet waits for the receipt itself (2 minutes); a status that could not be read is pending.
  await until(
    async () => {
      const { status } = await adapter.getCallsStatus!({ ...at, id }).catch(() => ({ status: 'pending' }))
      if (status === 'failure') throw new Error('Reverted')
      return status === 'success'
    },
    250,
    120_000,
  )
}

/**
 * Swaps what the form holds: when the router may not yet move enough of the token, the approval first ('Approve
 * limit increase in your wallet'), waiting until it is mined; then the swap ('Confirm transaction in your wallet'),
 * built at SPEC §9's slippage and never to give less than the review's minimum. A smart account sends both as one
 * operation, approved once ('Confirm transaction in your wallet'). Runs once however often it is asked,
 * and asks the wallet only for the account and network it was built for. On success 'Swapped X to Y', the balance,
 * tokens and Activity read afresh once mined, and the form emptied; the views return to Account. A decline in the wallet at either step leaves the form 'declined',
 * another failure 'failed' (the preview offers to try again).
 */
export async function swapTokens(client: LatchClient): Promise<void> {
  const form = swapFormOf(client)
  const state = form.getState()
  const { from, to, quote, swapping, smartAccount } = state
  const amount = swapAmountOf(state)
  const userAddress = userOf(client)
  if (isSwapBusy(swapping) || !from || !to || !amount || !userAddress || quote.status !== 'ready') return
  // Busy from the first moment: a second press while the allowance is read must not start a second swap.
  form.setState({ swapping: 'swapping' })
  const api = convertApi(client)
  // The least the review showed: the swap is built never to give less.
  const minToAmount = String(minimumReceived(quote.toAmount))
  const pair = { userAddress, from: from.address, to: to.address, amount: String(amount) }
  /** The wallet is asked only for the account and network the swap was built for. */
  const send = (...calls: AdapterCall[]) => {
    if (userOf(client) !== userAddress) throw new Error('The account or network changed during the swap')
    return calls[1] ? sendAtomically(client, calls) : client.sendTransaction(calls[0]!)
  }
  try {
    const approve = !isSwapCoin(from) && (await api.allowance(from.address, userAddress)) < amount
    // A smart account sends both at once: the swap built without the allowance (so without gas), the bundler
    // estimates the operation as a whole.
    const both = approve && smartAccount
    if (approve && !both) {
      form.setState({ swapping: 'approving' })
      client.snack.show('loading', 'Approve limit increase in your wallet')
      const { to: token, data } = await api.buildApprove(pair)
      await send({ to: token, data })
      // The swap is built (and its gas estimated) against the allowance: wait until the approval is mined.
      await until(async () => (await api.allowance(from.address, userAddress)) >= amount)
      form.setState({ swapping: 'swapping' })
    }
    client.snack.show('loading', 'Confirm transaction in your wallet')
    const approval = both && (await api.buildApprove(pair))
    const { tx, toAmount } = await api.buildSwap({ ...pair, minToAmount })
    const gas = tx.eip155?.gas
    const swap = {
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.amount ?? 0),
      ...(gas ? { gas: BigInt(gas) } : {}),
    }
    await (approval ? send({ to: approval.to, data: approval.data }, swap) : send(swap))
    const got = floorBalance(BigInt(toAmount), to.decimals)
    client.snack.show('success', `Swapped ${state.amount.trim()} ${from.symbol} to ${got} ${to.symbol}`)
    form.setState({ amount: '', swapping: 'idle' })
    client.router.reset('Account')
    // A transaction the client sent is read again once mined (its sendTransaction); mined calls are read here.
    if (approval) await client.refreshAccount().catch(() => undefined)
  } catch (error) {
    // EIP-1193's 4001: declined in the wallet.
    const declined = (error as { code?: unknown } | null)?.code === 4001
    form.setState({ swapping: declined ? 'declined' : 'failed' })
    // The swap was asked for with the review's minimum: a refusal of it is the price having moved.
    const moved = error instanceof HttpError && error.status === 400
    client.snack.show(
      'error',
      declined
        ? 'Transaction declined'
        : moved
          ? 'The price has moved. Check the new quote.'
          : 'Failed to swap. Please try again.',
    )
  }
}

/** Whether a swap is under way (the wallet is asked, or about to be). */
export const isSwapBusy = (swapping: Swapping) => swapping === 'approving' || swapping === 'swapping'

/** The least a quote's swap gives at SPEC §9's slippage, as the views show it and the swap is held to. */
export const minimumReceived = (toAmount: bigint) => (toAmount * BigInt(100 - SWAP_SLIPPAGE)) / 100n
