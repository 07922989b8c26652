// The Buy views' form and the purchase: the amount, fiat and token chosen, each provider's quote kept fresh, what
// stops the purchase (SPEC §9's limits), the checkout opened in a popup, and the purchase followed in the account's
// on-ramp history until it completes or fails. Kept per client, outside the views, as the swap form is.

import { HttpError, requestJson, serverUrl } from '../api/http.ts'
import type { Transaction } from '../api/types.ts'
import type { LatchClient } from '../createLatch.ts'
import { createStore, type Store } from '../state/store.ts'

/** An amount of a currency, as the on-ramp API writes it. */
export interface OnrampAmount {
  value: string
  currency: string
}

/** `GET /v1/onramp/options` (SPEC §3): what can be paid with and bought, and through whom. */
export interface OnrampOptions {
  paymentCurrencies: { id: string; payment_method_limits: { id: string; min: string; max: string }[] }[]
  purchaseCurrencies: {
    id: string
    name: string
    symbol: string
    networks: { name: string; display_name: string; chain_id: string; contract_address: string }[]
  }[]
  providers: { id: string; name: string }[]
  /** SPEC §8's sample: no provider answered. */
  estimate?: boolean
}

export type OnrampCurrency = OnrampOptions['purchaseCurrencies'][number]

/** `POST /v1/onramp/quote` (SPEC §3). */
export interface OnrampQuote {
  paymentTotal: OnrampAmount
  paymentSubtotal: OnrampAmount
  purchaseAmount: OnrampAmount
  networkFee: OnrampAmount
  /** The provider's fee (the reference's name). */
  coinbaseFee: OnrampAmount
  quoteId: string
  provider: string
  /** SPEC §8's mock quote: the provider could not quote. */
  estimate?: boolean
}

/** SPEC §5's preset amounts. */
export const ONRAMP_PRESETS = [100, 250, 500, 1000] as const
/** A quote is asked this long after the last change of the form, and again this often while shown. */
export const ONRAMP_QUOTE_WAIT_MS = 200
export const ONRAMP_QUOTE_REFRESH_MS = 30_000
/** The purchase is looked for in the account's on-ramp history this often, for this long. */
export const BUY_POLL_MS = 4000
export const BUY_TIMEOUT_MS = 180_000
/** The checkout's window is looked at this often. */
export const BUY_WINDOW_CHECK_MS = 500

export type OnrampQuoteState =
  | { status: 'loading' }
  | { status: 'ready'; quote: OnrampQuote }
  | { status: 'failed'; message: string }

/** Where a purchase stands once Continue was pressed. */
export type Buying =
  | { status: 'idle' }
  | { status: 'opening' }
  | {
      status: 'waiting'
      url: string
      provider: string
      /** The popup was blocked: the view offers the link to open. */
      blocked: boolean
      /** The buyer, and the purchases it had before: the new one is the one not among them. */
      address: string
      known: readonly string[]
      since: number
      /** The checkout's window was seen open (a window whose page cuts its opener off reads closed at once). */
      seenOpen?: boolean
      /** A purchase was found, paid and on its way. */
      paid?: boolean
    }
  | { status: 'failed'; message: string; url?: string }

type Waiting = Extract<Buying, { status: 'waiting' }>

export interface OnrampFormState {
  /** In the fiat currency, as typed. */
  amount: string
  fiat: string
  /** The purchase currency's id, once chosen (or defaulted). */
  asset: string | undefined
  provider: string | undefined
  /** Each provider's quote for the form as it is. */
  quotes: Readonly<Record<string, OnrampQuoteState>>
  buying: Buying
}

/** The on-ramp API of one client's server. */
export function onrampApi(client: Pick<LatchClient, 'options'>) {
  const { apiUrl, chainApiUrl = apiUrl, projectId } = client.options
  const url = (path: string, query?: Record<string, string | undefined>) =>
    serverUrl(chainApiUrl ?? '', path, projectId, query)
  const post = <T>(path: string, body: object) =>
    requestJson<T>(globalThis.fetch, url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, projectId }),
    })
  return {
    options: (signal?: AbortSignal) =>
      requestJson<OnrampOptions>(globalThis.fetch, url('/v1/onramp/options'), { signal: signal ?? null }),
    quote: (body: {
      purchaseCurrency: string
      paymentCurrency: string
      amount: string
      network: string
      provider: string
    }) => post<OnrampQuote>('/v1/onramp/quote', body),
    checkout: (body: object) =>
      post<{ url: string }>('/v1/generators/onrampurl', body).then((answer) => answer.url),
    /** The account's purchases from `provider`, newest first. */
    purchases: (address: string, provider: string) =>
      requestJson<{ data: Transaction[] }>(
        globalThis.fetch,
        url(`/v1/account/${encodeURIComponent(address)}/history`, { onramp: provider }),
        {},
      ).then((answer) => answer.data),
  }
}

/** The on-ramp's options through the client's query cache: asked once a visit, whichever Buy view opens first. */
export const onrampOptionsOf = (client: Pick<LatchClient, 'options' | 'api'>) =>
  client.api().then((api) => {
    const { apiUrl, chainApiUrl = apiUrl, projectId } = client.options
    return api.queryClient.fetchQuery({
      queryKey: ['latch', 'onrampOptions', { chainApiUrl, projectId }] as const,
      queryFn: ({ signal }) => onrampApi(client).options(signal),
      staleTime: 5 * 60_000,
    })
  })

const forms = new WeakMap<LatchClient, Store<OnrampFormState>>()
/** The checkout window of each client's purchase under way. */
const popups = new WeakMap<LatchClient, Window>()

/** The client's Buy form (made on first use): 100 USD by default. */
export function onrampFormOf(client: LatchClient): Store<OnrampFormState> {
  let form = forms.get(client)
  if (!form) {
    form = createStore<OnrampFormState>({
      amount: '100',
      fiat: 'USD',
      asset: undefined,
      provider: undefined,
      quotes: {},
      buying: { status: 'idle' },
    })
    forms.set(client, form)
  }
  return form
}

/** The active network's chain id as the on-ramp's options write it ('31337'), and the account's address. */
function buyerOf(client: LatchClient) {
  const { activeNamespace, activeNetwork } = client.network.getState()
  const { address } = client.accounts.get(activeNamespace)
  return { address, chainId: activeNetwork.caipNetworkId.split(':')[1] ?? '' }
}

/**
 * The currencies to offer on a network: those sold on it, or, where none is (SPEC §8's sample on a devnet), all of
 * them, each on its first network.
 */
export function currenciesFor(options: OnrampOptions, chainId: string): OnrampCurrency[] {
  const here = options.purchaseCurrencies.filter((currency) =>
    currency.networks.some((network) => network.chain_id === chainId),
  )
  return here.length ? here : options.purchaseCurrencies
}

/** The network a currency is bought on: the active one where it is sold there, else its first. */
export const networkFor = (currency: OnrampCurrency, chainId: string) =>
  (currency.networks.find((network) => network.chain_id === chainId) ?? currency.networks[0])?.chain_id ??
  chainId

/** The limits of paying by card in a fiat currency (else its first method), as numbers. */
export function limitsOf(options: OnrampOptions, fiat: string): { min: number; max: number } | undefined {
  const methods = options.paymentCurrencies.find((currency) => currency.id === fiat)?.payment_method_limits
  const card = methods?.find((method) => method.id === 'card') ?? methods?.[0]
  return card && { min: Number(card.min), max: Number(card.max) }
}

/**
 * The typed amount as a number: grouping commas dropped (`10,000.50`), else a comma read as the decimal point (`10,5`);
 * NaN when it is no number.
 */
export const fiatAmountOf = (text: string) =>
  Number(
    text
      .trim()
      .replace(/,(?=\d{3}(\D|$))/g, '')
      .replace(',', '.') || Number.NaN,
  )

/** What stops the purchase, worded for its button: SPEC §9's limits, in the fiat chosen. */
export function onrampProblem(form: OnrampFormState, options: OnrampOptions | undefined): string | undefined {
  const amount = fiatAmountOf(form.amount)
  if (!(amount > 0)) return 'Enter an amount'
  const limits = options && limitsOf(options, form.fiat)
  if (limits && amount < limits.min) return `Minimum is ${limits.min.toLocaleString('en-US')} ${form.fiat}`
  if (limits && amount > limits.max) return `Maximum is ${limits.max.toLocaleString('en-US')} ${form.fiat}`
  if (!form.asset) return 'Select a token'
  return undefined
}

/**
 * Keeps each provider's quote fresh while the Buy view shows: asked 200 ms after the amount, fiat, token or network
 * change, again every 30 s. Returns the stop.
 *
 * @example
 * useEffect(() => followOnrampQuotes(client, options), [client, options])
 */
export function followOnrampQuotes(client: LatchClient, options: OnrampOptions): () => void {
  const form = onrampFormOf(client)
  const api = onrampApi(client)
  let timer: ReturnType<typeof setTimeout> | undefined
  let asked: string | undefined

  const read = (key: string, body: Omit<Parameters<typeof api.quote>[0], 'provider'>) => {
    for (const { id } of options.providers) {
      api
        .quote({ ...body, provider: id })
        .then(
          (quote): OnrampQuoteState => ({ status: 'ready', quote }),
          (error: unknown): OnrampQuoteState => ({
            status: 'failed',
            message:
              (error instanceof HttpError && error.status === 400 && error.reason) ||
              'No quote. Try again later',
          }),
        )
        .then((state) => {
          if (asked === key) form.setState((last) => ({ quotes: { ...last.quotes, [id]: state } }))
        })
    }
    timer = setTimeout(() => read(key, body), ONRAMP_QUOTE_REFRESH_MS)
  }

  function follow() {
    const state = form.getState()
    const { chainId } = buyerOf(client)
    const currencies = currenciesFor(options, chainId)
    // The first token sold here, and the first provider, until the visitor picks others.
    const asset = currencies.some(({ id }) => id === state.asset) ? state.asset : currencies[0]?.id
    const provider = options.providers.some(({ id }) => id === state.provider)
      ? state.provider
      : options.providers[0]?.id
    const fiat = options.paymentCurrencies.some(({ id }) => id === state.fiat)
      ? state.fiat
      : (options.paymentCurrencies[0]?.id ?? state.fiat)
    if (asset !== state.asset || provider !== state.provider || fiat !== state.fiat) {
      form.setState({ asset, provider, fiat })
      return
    }
    const currency = currencies.find(({ id }) => id === asset)
    const key = JSON.stringify([state.amount, fiat, asset, chainId])
    if (key === asked) return
    asked = key
    clearTimeout(timer)
    if (!currency || onrampProblem(state, options)) {
      form.setState({ quotes: {} })
      return
    }
    form.setState({
      quotes: Object.fromEntries(options.providers.map(({ id }) => [id, { status: 'loading' } as const])),
    })
    const body = {
      purchaseCurrency: currency.id,
      paymentCurrency: fiat,
      amount: String(fiatAmountOf(state.amount)),
      network: networkFor(currency, chainId),
    }
    timer = setTimeout(() => read(key, body), ONRAMP_QUOTE_WAIT_MS)
  }

  const stops = [form, client.network, client.accounts].map((store) => store.subscribe(follow))
  follow()
  return () => {
    for (const stop of stops) stop()
    clearTimeout(timer)
    asked = undefined
  }
}

/**
 * Continue: the checkout of the chosen provider, opened in `popup` — a window the click opened at once (a popup
 * opened after the request would be blocked) — then BuyInProgress, which follows the purchase. Null when the browser
 * blocked it: the view offers the link. A refusal or an outage leaves the form 'failed' with its words.
 */
export async function startBuy(
  client: LatchClient,
  popup: Window | null,
  options: OnrampOptions,
): Promise<void> {
  const form = onrampFormOf(client)
  const state = form.getState()
  const { address, chainId } = buyerOf(client)
  const currency = currenciesFor(options, chainId).find(({ id }) => id === state.asset)
  const provider = state.provider
  if (
    !address ||
    !currency ||
    !provider ||
    onrampProblem(state, options) ||
    state.buying.status === 'opening'
  ) {
    popup?.close()
    return
  }
  form.setState({ buying: { status: 'opening' } })
  // Another attempt's window is this one's no more.
  popups.get(client)?.close()
  popups.delete(client)
  const api = onrampApi(client)
  const network = networkFor(currency, chainId)
  try {
    // Both asked at once; the checkout's refusal is the one to show when both fail.
    const listed = api.purchases(address, provider)
    listed.catch(() => undefined)
    const url = await api.checkout({
      destinationWallets: [{ address, blockchains: [network], assets: [currency.id] }],
      partnerUserId: address,
      defaultNetwork: network,
      defaultAsset: currency.id,
      defaultExperience: 'buy',
      presetFiatAmount: fiatAmountOf(state.amount),
      fiatCurrency: state.fiat,
      provider,
    })
    const known = (await listed).map(({ id }) => id)
    if (popup && !popup.closed) {
      popup.location.href = url
      popups.set(client, popup)
    }
    const blocked = !popup || popup.closed
    form.setState({
      buying: { status: 'waiting', url, provider, blocked, address, known, since: Date.now() },
    })
    // Shown from Buy (or on it, trying again); a visitor who has gone elsewhere meanwhile is not taken back.
    const { view } = client.router.store.getState()
    if (view === 'OnRampBuy') client.router.push('BuyInProgress')
    else titleProgress(client, false)
  } catch (error) {
    popup?.close()
    // The server's own words (a refusal naming the field, a provider that could not open one), else ours.
    const reason = error instanceof HttpError && error.reason
    form.setState({
      buying: { status: 'failed', message: reason || 'The checkout could not be opened. Try again' },
    })
    titleProgress(client, true)
  }
}

/** BuyInProgress's title follows the purchase: 'Buy Failed' once it has failed, not 'Buy in Progress'. */
function titleProgress(client: LatchClient, failed: boolean) {
  if (client.router.store.getState().view === 'BuyInProgress')
    client.router.replace('BuyInProgress', failed ? { title: 'Buy Failed' } : {})
}

/**
 * Follows the purchase while BuyInProgress shows: the buyer's on-ramp history every 4 s. Completed → 'Bought …', the
 * balances read afresh, back to Account. 'Buy failed': a failed (declined) purchase; 180 s without completing (said
 * so differently once it is paid: it may still arrive); the checkout's window closed before paying (seen open, then
 * closed, twice); the account or network changed. Returns the stop.
 */
export function followBuy(client: LatchClient): () => void {
  const form = onrampFormOf(client)
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  /** The attempt with what was learnt of it. */
  const update = (buying: Waiting, learnt: Pick<Waiting, 'paid' | 'seenOpen'>) =>
    form.setState({ buying: { ...buying, ...learnt } })
  /** 'Buy failed', keeping the checkout's link to copy. */
  const fail = (buying: Waiting, message: string) => {
    form.setState({ buying: { status: 'failed', message, url: buying.url } })
    titleProgress(client, true)
  }

  const look = async (buying: Waiting) => {
    if (buyerOf(client).address !== buying.address) return fail(buying, 'The account or network changed')
    const popup = popups.get(client)
    // Read before the history: a payment made just before the window closed is still found.
    const closed = !!popup?.closed
    let purchase: Transaction | undefined
    try {
      const purchases = await onrampApi(client).purchases(buying.address, buying.provider)
      purchase = purchases.find(({ id }) => !buying.known.includes(id))
    } catch {
      // The history did not answer: asked again at the next look, until the purchase's time is up.
      if (Date.now() - buying.since <= BUY_TIMEOUT_MS) return
    }
    if (stopped || form.getState().buying !== buying) return
    const status = purchase?.metadata.status as string | undefined
    if (status === 'completed') {
      const [transfer] = purchase!.transfers
      form.setState({ buying: { status: 'idle' } })
      popups.delete(client)
      client.snack.show(
        'success',
        `Bought ${transfer?.quantity.numeric ?? ''} ${transfer?.fungible_info?.symbol ?? ''}`,
      )
      client.router.reset('Account')
      await client.refreshAccount().catch(() => undefined)
    } else if (status === 'failed') fail(buying, 'The payment failed')
    else if (Date.now() - buying.since > BUY_TIMEOUT_MS)
      fail(
        buying,
        buying.paid || purchase
          ? 'Paid, still on its way: check Activity before buying again'
          : 'The purchase did not complete in time',
      )
    else if (purchase) {
      if (!buying.paid) update(buying, { paid: true })
    } else if (!closed) {
      if (!buying.seenOpen) update(buying, { seenOpen: true })
    }
    // Seen open, now closed, and still nothing bought at the next look: the visitor closed it.
    else if (buying.seenOpen && closedOnce === buying) fail(buying, 'The checkout was closed before paying')
    else closedOnce = buying
  }
  /** The attempt whose window was found closed once. */
  let closedOnce: Buying | undefined

  const poll = async () => {
    const { buying } = form.getState()
    // Between attempts (failed, or the next one opening) there is nothing to ask.
    if (buying.status === 'waiting') await look(buying)
    // Asked again, for this attempt or the next one (Try again keeps this view).
    if (!stopped) timer = setTimeout(poll, BUY_POLL_MS)
  }

  timer = setTimeout(poll, BUY_POLL_MS)
  // Whether the window is open, more often than the history is asked: a visitor may close it within seconds.
  const watch = setInterval(() => {
    const { buying } = form.getState()
    if (buying.status === 'waiting' && !buying.seenOpen && popups.get(client)?.closed === false)
      update(buying, { seenOpen: true })
  }, BUY_WINDOW_CHECK_MS)
  return () => {
    stopped = true
    clearTimeout(timer)
    clearInterval(watch)
  }
}
