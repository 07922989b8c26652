import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { BlockchainConfig } from '../chains/types.ts'
import { onrampOptions, onrampQuote, onrampQuoteBody } from '../onramp/schemas.ts'
import { mockOnrampQuote, OnrampProviderError, sampleOnrampOptions } from '../onramp/types.ts'
import { errorBody, sdkQuery } from '../schemas.ts'
import { withTimeout } from '../timeout.ts'

export interface OnrampRoutesOptions {
  blockchain: BlockchainConfig
}

/** The longest a provider may take before its answer is replaced by SPEC §8's sample or mock. */
const providerTimeoutMs = 8000

/**
 * The on-ramp API (SPEC §7): the currencies and limits the configured providers offer, and quotes. When no provider
 * answers, the options are SPEC §8's sample and a quote is its mock (one for one, no fees), each marked
 * `estimate: true` so the modal can say so. A request a provider refuses (a currency it does not sell, an amount
 * outside its limits) is a 400 naming the field.
 */
export const onrampRoutes: FastifyPluginAsyncZod<OnrampRoutesOptions> = async (app, { blockchain }) => {
  const providers = blockchain.onramp?.providers ?? []
  const listed = providers.map(({ id, name }) => ({ id, name }))

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
      config: { usage: true },
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
      const provider = wanted === undefined ? providers[0] : providers.find(({ id }) => id === wanted)
      if (wanted !== undefined && !provider)
        return reply.code(400).send({
          error: `provider must be one of: ${providers.map(({ id }) => id).join(', ') || 'none configured'}`,
          field: 'provider',
        })
      if (provider) {
        try {
          return {
            ...(await withTimeout(provider.quote(quoted), providerTimeoutMs, provider.name)),
            provider: provider.id,
          }
        } catch (error) {
          if (error instanceof OnrampProviderError)
            return reply.code(400).send({ error: error.message, field: error.field })
          request.log.warn({ err: error, provider: provider.id }, 'on-ramp provider gave no quote')
        }
      }
      return { ...mockOnrampQuote(quoted), provider: provider?.id ?? 'estimate', estimate: true }
    },
  )
}
