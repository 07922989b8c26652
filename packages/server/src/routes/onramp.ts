import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { BlockchainConfig } from '../chains/types.ts'
import { ProviderRefusal } from '../errors.ts'
import { checkoutCsp, checkoutNotFoundPage, checkoutPage } from '../onramp/checkoutPage.ts'
import { type SandboxOnramp, sandboxOnramp } from '../onramp/sandbox.ts'
import {
  onrampOptions,
  onrampQuote,
  onrampQuoteBody,
  onrampUrlAnswer,
  onrampUrlBody,
} from '../onramp/schemas.ts'
import { mockOnrampQuote, type OnrampProvider, partnerKey, sampleOnrampOptions } from '../onramp/types.ts'
import { errorBody, sdkQuery } from '../schemas.ts'
import type { Storage } from '../storage/types.ts'
import { withTimeout } from '../timeout.ts'

/** The on-ramp's providers as the server runs them: the sandbox first when it runs, then the configured ones. */
export interface Onramp {
  providers: readonly OnrampProvider[]
  sandbox?: SandboxOnramp
}

/** Where the sandbox's checkout pages are, under the server's public URL. */
export const CHECKOUT_PATH = '/onramp/sandbox'

/**
 * The on-ramp's providers for a blockchain configuration: its sandbox (orders in `storage`, checkout pages under
 * `baseUrl`) when configured, then its external providers.
 *
 * @example
 * const onramp = createOnramp({ blockchain, storage, baseUrl: () => 'http://127.0.0.1:8787', log: app.log })
 */
export function createOnramp(options: {
  blockchain: BlockchainConfig
  storage: Storage
  baseUrl: () => string
  log: FastifyBaseLogger
}): Onramp {
  const { blockchain, storage, baseUrl, log } = options
  const configured = blockchain.onramp?.providers ?? []
  const payerKey = blockchain.onramp?.sandbox?.payerKey
  if (!payerKey) return { providers: configured }
  const sandbox = sandboxOnramp({
    chains: blockchain.chains,
    prices: blockchain.prices,
    orders: storage.onramp,
    payerKey,
    checkoutUrl: (id) => `${baseUrl()}${CHECKOUT_PATH}/${id}`,
    onDeliveryError: (error, order) => log.error({ err: error, order: order.id }, 'sandbox delivery failed'),
  })
  return { providers: [sandbox.provider, ...configured], sandbox }
}

export interface OnrampRoutesOptions {
  blockchain: BlockchainConfig
  onramp: Onramp
}

/** The longest a provider may take before its answer is replaced by SPEC §8's sample or mock (or a 502). */
const providerTimeoutMs = 8000

/** The checkout form: a small urlencoded body. */
const FORM_BODY_LIMIT = 2048
const orderId = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Unknown checkout') })
const cardForm = z.object({
  number: z.string().max(32).optional(),
  expiry: z.string().max(16).optional(),
  cvc: z.string().max(8).optional(),
})

/**
 * The on-ramp API (SPEC §7): the currencies and limits the providers offer, quotes, and checkout URLs. When no
 * provider answers, the options are SPEC §8's sample and a quote is its mock (one for one, no fees), each marked
 * `estimate: true` so the modal can say so. A request a provider refuses (a currency it does not sell, an amount
 * outside its limits) is a 400 naming the field. With the sandbox, its checkout pages too.
 */
export const onrampRoutes: FastifyPluginAsyncZod<OnrampRoutesOptions> = async (
  app,
  { blockchain, onramp },
) => {
  const { providers, sandbox } = onramp
  const listed = providers.map(({ id, name }) => ({ id, name }))
  const unknownProvider = {
    error: `provider must be one of: ${providers.map(({ id }) => id).join(', ') || 'none configured'}`,
    field: 'provider',
  }
  const named = (wanted: string | undefined) =>
    wanted === undefined ? providers[0] : providers.find(({ id }) => id === wanted)

  app.get(
    '/v1/onramp/options',
    {
      config: { usage: true },
      schema: {
        summary: 'The fiat and crypto currencies the on-ramp providers offer, with their payment limits',
        description:
          'From the first provider that answers; SPEC §8’s sample, marked estimate, when none does.',
        tags: ['onramp'],
        querystring: sdkQuery,
        response: { 200: onrampOptions, 400: errorBody },
      },
    },
    async (request) => {
      for (const provider of providers) {
        try {
          return {
            ...(await withTimeout(provider.options(), providerTimeoutMs, provider.name)),
            providers: listed,
          }
        } catch (error) {
          request.log.warn({ err: error, provider: provider.id }, 'on-ramp provider gave no options')
        }
      }
      return { ...sampleOnrampOptions, providers: listed, estimate: true }
    },
  )

  app.post(
    '/v1/onramp/quote',
    {
      // Each quote may ask a provider whose quota the deployment pays for, as a swap quote asks an aggregator.
      config: { usage: true, limit: 'swaps' },
      schema: {
        summary: 'What buying an amount of a currency gives, and its fees',
        description:
          'From the provider named (default the first). When it cannot quote, SPEC §8’s mock quote, marked estimate.',
        tags: ['onramp'],
        querystring: sdkQuery,
        body: onrampQuoteBody,
        response: { 200: onrampQuote, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { provider: wanted, projectId: _, ...quoted } = request.body
      const provider = named(wanted)
      if (wanted !== undefined && !provider) return reply.code(400).send(unknownProvider)
      if (provider) {
        try {
          return {
            ...(await withTimeout(provider.quote(quoted), providerTimeoutMs, provider.name)),
            provider: provider.id,
          }
        } catch (error) {
          if (error instanceof ProviderRefusal)
            return reply.code(400).send({ error: error.message, field: error.field })
          request.log.warn({ err: error, provider: provider.id }, 'on-ramp provider gave no quote')
        }
      }
      return { ...mockOnrampQuote(quoted), provider: provider?.id ?? 'estimate', estimate: true }
    },
  )

  app.post(
    '/v1/generators/onrampurl',
    {
      config: { usage: true, limit: 'write' },
      schema: {
        summary: 'A checkout URL of an on-ramp provider, for the modal to open in a popup',
        description:
          'From the provider named (default the first). Each destination wallet’s address is checked in its ' +
          'namespace’s form (Solana’s where its blockchains are Solana, else EVM’s).',
        tags: ['onramp'],
        querystring: sdkQuery,
        body: onrampUrlBody,
        response: { 200: onrampUrlAnswer, 400: errorBody, 502: errorBody },
      },
    },
    async (request, reply) => {
      const { provider: wanted, projectId: _, ...asked } = request.body
      const provider = named(wanted)
      if (!provider) return reply.code(400).send(unknownProvider)
      // As the history route asks about it: the provider lists purchases by this id.
      const buyer = partnerKey(asked.partnerUserId)
      try {
        const url = await withTimeout(
          provider.url({ ...asked, partnerUserId: buyer }),
          providerTimeoutMs,
          provider.name,
        )
        return { url, provider: provider.id }
      } catch (error) {
        if (error instanceof ProviderRefusal)
          return reply.code(400).send({ error: error.message, field: error.field })
        request.log.warn({ err: error, provider: provider.id }, 'on-ramp provider gave no checkout URL')
        return reply.code(502).send({ error: `${provider.name} could not open a checkout. Try again.` })
      }
    },
  )

  if (!sandbox) return
  const networkName = (chainId: number) =>
    blockchain.chains.find((chain) => chain.chainId === chainId)?.name ?? `Chain ${chainId}`
  // Pending orders past a delivery's time are settled at start (a server stopped mid-delivery) and every minute.
  const sweep = () =>
    sandbox.sweep().then(
      (settled) => settled && app.log.warn({ orders: settled }, 'settled sandbox orders left pending'),
      (error: unknown) => app.log.error({ err: error }, 'could not sweep the sandbox orders'),
    )
  // Not awaited: a chain that does not answer must not hold the server's start.
  void sweep()
  const sweeper = setInterval(sweep, 60_000)
  sweeper.unref()
  app.addHook('onClose', async () => {
    clearInterval(sweeper)
    await sandbox.idle()
  })

  // The checkout posts its form as a browser does; only these routes (this plugin) parse it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  const html = (status: number, body: string) => (reply: FastifyReply) =>
    reply
      .code(status)
      .header('content-security-policy', checkoutCsp)
      // The modal that opened the checkout reads whether its window is still open: a same-origin opener policy would
      // cut it off (the window then reads closed at once).
      .header('cross-origin-opener-policy', 'unsafe-none')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body)

  app.get(
    `${CHECKOUT_PATH}/:id`,
    {
      schema: {
        summary: 'The sandbox on-ramp’s checkout page (HTML)',
        tags: ['onramp'],
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      const id = orderId.safeParse(request.params)
      const order = id.success ? await sandbox.order(id.data.id) : undefined
      if (!order) return html(404, checkoutNotFoundPage())(reply)
      return html(200, checkoutPage({ order, network: networkName(order.chainId) }))(reply)
    },
  )

  app.post(
    `${CHECKOUT_PATH}/:id`,
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Pays a sandbox checkout with a test card (the page’s form)',
        tags: ['onramp'],
        params: z.object({ id: z.string() }),
        body: cardForm,
      },
    },
    async (request, reply) => {
      const id = orderId.safeParse(request.params)
      if (!id.success) return html(404, checkoutNotFoundPage())(reply)
      const paid = await sandbox.pay(id.data.id, request.body)
      // A card it refused: the form again, beside the problem (the order read only then: paying reads it itself).
      if (paid.outcome === 'invalid') {
        const order = await sandbox.order(id.data.id)
        if (!order) return html(404, checkoutNotFoundPage())(reply)
        const { field, message } = paid
        const page = checkoutPage({
          order,
          network: networkName(order.chainId),
          form: request.body,
          problem: { field, message },
        })
        return html(400, page)(reply)
      }
      // Post, then redirect: the page shows the order's state, and a reload does not post again.
      return reply.code(303).header('location', `${CHECKOUT_PATH}/${id.data.id}`).send()
    },
  )
}
