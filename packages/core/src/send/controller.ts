// The Send views' form as one controller (SPEC §3 send state, §5 rules): it follows the send state, the account and
// the network, and keeps what the form shows from them — the fee of the send the form describes, whether a smart
// account pays it, the USD values, and a receiver typed as a name resolved to its address. The views read it and
// render; they compute none of it.
import type { TokenBalance } from '../api/types.ts'
import type { LatchClient } from '../createLatch.ts'
import { parseAmount } from '../format/format.ts'
import { createStore, type Store } from '../state/store.ts'
import { isAddress } from '../validation/address.ts'
import { GasPriceUnsupportedError, isSmartAccountInUse, prepareSend } from './send.ts'

/** SPEC §5: typing waits at least 300 ms before asking the server, as wallet search does. */
export const NAME_LOOKUP_WAIT_MS = 300

/** The network fee of the send the form describes. */
export type SendFee =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; fee: bigint }
  /** `retry` is absent where asking again cannot help (SPEC §8 'Network not supported for Gas Price'). */
  | { status: 'failed'; message: string; retry?: () => void }

export interface SendFormState {
  /** The account's network coin in base units, once the balances are in (0 when they list none). */
  nativeBalance: bigint | undefined
  fee: SendFee
  /** SPEC §5 gas check: a smart account's fee may be paid for it. */
  smartAccount: boolean
  /** A receiver typed as a name ('alice.latch.id'): being resolved, or without an address. */
  receiverName: { status: 'idle' | 'loading' } | { status: 'failed'; name: string }
}

export interface SendController {
  readonly state: Store<SendFormState>
  /**
   * The account's balances on the active network, as the views' balances query gives them (undefined while it
   * loads or after it failed): the coin's balance, price and value, and the coin as the token until the visitor
   * picks another.
   */
  setBalances(balances: readonly TokenBalance[] | undefined): void
  /** Stops following the client (the Send views have closed). */
  destroy(): void
}

/** A receiver typed as a name rather than an address. */
export const looksLikeName = (text: string) => /^[^\s.]+(\.[^\s.]+)+$/.test(text) && !text.startsWith('0x')

/**
 * Starts following `client` for the Send views; `destroy()` when they close.
 *
 * @example
 * const form = createSendController(client)
 * form.state.subscribe(() => render(form.state.getState().fee))
 */
export function createSendController(client: LatchClient): SendController {
  const { send, network, accounts } = client
  const state = createStore<SendFormState>({
    nativeBalance: undefined,
    fee: { status: 'idle' },
    smartAccount: false,
    receiverName: { status: 'idle' },
  })
  let native: TokenBalance | undefined
  let nameTimer: ReturnType<typeof setTimeout> | undefined
  // What each part last followed; a change starts it again, and answers for an older one are dropped.
  let feeFor: readonly unknown[] | undefined
  let nameFor: string | undefined
  let smartFor: string | undefined

  /** The fee and the network balance in USD (SPEC §3 send state), when the coin's price is known. */
  function publishUsd() {
    const { fee } = state.getState()
    const price = native?.price
    const decimals = network.getState().activeNetwork.nativeCurrency.decimals
    send.setState({
      gasPriceInUSD:
        fee.status === 'ready' && price !== undefined
          ? (Number(fee.fee) / 10 ** decimals) * price
          : undefined,
      networkBalanceInUSD: native?.value === undefined ? undefined : String(native.value),
    })
  }

  function readFee(key: readonly unknown[]) {
    feeFor = key
    state.setState({ fee: { status: 'loading' } })
    prepareSend(client).then(
      (prepared) => {
        if (feeFor !== key) return
        state.setState({ fee: { status: 'ready', fee: prepared.gas * prepared.gasPrice } })
        publishUsd()
      },
      (error: unknown) => {
        if (feeFor !== key) return
        state.setState({
          fee:
            error instanceof GasPriceUnsupportedError
              ? { status: 'failed', message: error.shortMessage }
              : {
                  status: 'failed',
                  message: 'Could not estimate the network fee',
                  retry: () => readFee(key),
                },
        })
        publishUsd()
      },
    )
  }

  function lookUpName(name: string, caipNetworkId: string) {
    state.setState({ receiverName: { status: 'loading' } })
    nameTimer = setTimeout(async () => {
      try {
        const api = await client.api()
        const queries = await api.account()
        const profile = await api.queryClient.fetchQuery(queries.nameQuery(name))
        if (nameFor !== name) return
        const address = queries.nameAddress(profile, caipNetworkId)
        if (!address) throw new Error(`${name} has no address`)
        state.setState({ receiverName: { status: 'idle' } })
        send.setState({
          receiverAddress: address,
          receiverProfileName: profile.name,
          receiverProfileImageUrl: profile.attributes.avatar,
        })
      } catch {
        if (nameFor === name) state.setState({ receiverName: { status: 'failed', name } })
      }
    }, NAME_LOOKUP_WAIT_MS)
  }

  /** Brings each part in line with the send state, the account and the network. */
  function follow() {
    const { activeNamespace: namespace, activeNetwork } = network.getState()
    const { address } = accounts.get(namespace)
    const { caipNetworkId } = activeNetwork
    const { token, receiverAddress, receiverProfileName } = send.getState()

    if (!address) return

    if (address !== smartFor) {
      smartFor = address
      isSmartAccountInUse(client).then(
        (smart) => smartFor === address && state.setState({ smartAccount: smart }),
        () => undefined,
      )
    }

    // The fee depends on the token and a complete receiver address, not on the amount or every key typed.
    const receiver = receiverAddress && isAddress(receiverAddress, namespace) ? receiverAddress : undefined
    const feeKey = [caipNetworkId, address, token, receiver]
    if (!token) {
      feeFor = undefined
      state.setState({ fee: { status: 'idle' } })
    } else if (!feeFor || feeKey.some((part, index) => !Object.is(part, feeFor?.[index]))) readFee(feeKey)

    const typed = receiverProfileName ? undefined : receiverAddress?.trim().toLowerCase()
    if (typed !== nameFor) {
      nameFor = typed
      clearTimeout(nameTimer)
      // SPEC §9: names are eip155's.
      if (typed && namespace === 'eip155' && looksLikeName(typed)) lookUpName(typed, caipNetworkId)
      else state.setState({ receiverName: { status: 'idle' } })
    }
  }

  const unsubscribe = [send, network, accounts].map((store) => store.subscribe(follow))
  follow()

  return {
    state,
    setBalances(balances) {
      const { caipNetworkId, nativeCurrency } = network.getState().activeNetwork
      native = balances?.find((token) => token.chainId === caipNetworkId && !token.address)
      state.setState({
        nativeBalance:
          balances && (native ? parseAmount(native.quantity.numeric, nativeCurrency.decimals) : 0n),
      })
      // The network's coin is chosen until the visitor picks another token (one the list shows: SPEC §5).
      if (!send.getState().token && native && native.quantity.decimals !== '0')
        send.setState({ token: native })
      publishUsd()
    },
    destroy() {
      for (const stop of unsubscribe) stop()
      clearTimeout(nameTimer)
      // Answers still on their way are for nobody now: they must not write into the next form's send state.
      feeFor = nameFor = smartFor = undefined
    },
  }
}
