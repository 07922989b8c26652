import { createHash } from 'node:crypto'
import { chainOfCoinType, coinTypeOfChain, DEFAULT_NAME_ZONE, ETHEREUM_COIN_TYPE } from '@latch/core/names'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createPublicClient, type Hex, http } from 'viem'
import { mainnet } from 'viem/chains'
import { z } from 'zod'
import { chainClient } from '../chains/clients.ts'
import { balanceParams } from '../chains/schemas.ts'
import type { BlockchainConfig } from '../chains/types.ts'
import { checkName, parseRegistrationMessage, suggestionLabels, timestampProblem } from '../names/rules.ts'
import { errorBody, sdkQuery, text } from '../schemas.ts'
import { checkSignature } from '../signatures.ts'
import type { NameRecord } from '../storage/names.ts'
import type { Storage } from '../storage/types.ts'
import { withTimeout } from '../timeout.ts'

export interface NamesRoutesOptions {
  storage: Storage
  blockchain: BlockchainConfig
  /** Zones names may be registered in; the first is the default. Default `['latch.id']`. */
  zones?: readonly string[]
  /** The clock registration messages are checked against (tests). */
  now?: () => Date
}

/** How long an ENS lookup may take before the identity answers without it. */
const ENS_TIMEOUT_MS = 2000
/** Suggestions offered beside the name asked for. */
const ALTERNATIVES = 4

const profile = z.object({
  name: z.string(),
  registered: z.number().meta({ description: 'Unix seconds' }),
  updated: z.number().meta({ description: 'Unix seconds' }),
  addresses: z
    .record(z.string(), z.object({ address: z.string(), created: z.number() }))
    .meta({ description: 'By ENSIP-11 coin type' }),
  attributes: z.record(z.string(), z.string()),
})

const nameParams = z.object({ name: text('name', 300) })
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

function profileOf(record: NameRecord): z.output<typeof profile> {
  return {
    name: record.name,
    registered: seconds(record.registeredAt),
    updated: seconds(record.updatedAt),
    addresses: {
      [String(record.coinType)]: { address: record.address, created: seconds(record.registeredAt) },
    },
    attributes: record.attributes,
  }
}

/**
 * Names and identity (SPEC §7): look a name up, an address's names, suggestions, registration by a signature of
 * the address over a fresh message naming the name, and an address's identity (its Latch name, else ENS).
 */
export const namesRoutes: FastifyPluginAsyncZod<NamesRoutesOptions> = async (app, options) => {
  const { storage, blockchain } = options
  const zones = options.zones?.length ? [...options.zones] : [DEFAULT_NAME_ZONE]
  const now = options.now ?? (() => new Date())
  // A signature is checked on the chain its coin type names (so smart accounts verify, ERC-1271/6492).
  const verifiers = new Map(
    blockchain.chains.map((chain) => [coinTypeOfChain(chain.chainId), chainClient(chain, 'signatures')]),
  )
  const ens = blockchain.ensRpcUrl
    ? createPublicClient({
        chain: mainnet,
        transport: http(blockchain.ensRpcUrl, { timeout: ENS_TIMEOUT_MS }),
      })
    : undefined
  const coinTypes = [...new Set([ETHEREUM_COIN_TYPE, ...verifiers.keys()])]

  app.get(
    '/v1/profile/account/:name',
    {
      config: { usage: true },
      schema: {
        summary: 'A registered name',
        tags: ['names'],
        params: nameParams,
        querystring: sdkQuery.extend({ apiVersion: text('apiVersion', 10).optional() }),
        response: { 200: profile, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const checked = checkName(request.params.name, zones)
      if (!checked.ok) return reply.code(400).send({ error: checked.problem, field: 'name' })
      const record = await storage.names.get(checked.name)
      if (!record) return reply.code(404).send({ error: `Name not found: ${checked.name}` })
      reply.header('cache-control', 'no-cache')
      return profileOf(record)
    },
  )

  app.get(
    '/v1/profile/reverse/:address',
    {
      config: { usage: true },
      schema: {
        summary: "An address's names, newest first",
        tags: ['names'],
        params: balanceParams,
        querystring: sdkQuery.extend({
          sender: text('sender', 100).optional(),
          apiVersion: text('apiVersion', 10).optional(),
        }),
        response: { 200: z.array(profile), 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache')
      return (await storage.names.listByAddress(request.params.address)).map(profileOf)
    },
  )

  app.get(
    '/v1/profile/suggestions/:name',
    {
      config: { usage: true },
      schema: {
        summary: 'The name asked for (registered or not), then up to 4 free alternatives',
        tags: ['names'],
        params: nameParams,
        querystring: sdkQuery.extend({ zone: text('zone', 100).optional() }),
        response: {
          200: z.object({ suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })) }),
          400: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { zone } = request.query
      if (zone !== undefined && !zones.includes(zone))
        return reply.code(400).send({ error: `Unknown zone: ${zone}`, field: 'zone' })
      const checked = checkName(request.params.name, zones, zone ?? zones[0])
      if (!checked.ok) return reply.code(400).send({ error: checked.problem, field: 'name' })
      const candidates = suggestionLabels(checked.label).map((label) => `${label}.${checked.zone}`)
      const taken = await storage.names.registered(candidates)
      const [asked, ...others] = candidates
      reply.header('cache-control', 'no-cache')
      return {
        suggestions: [
          { name: asked!, registered: taken.has(asked!) },
          ...others
            .filter((name) => !taken.has(name))
            .slice(0, ALTERNATIVES)
            .map((name) => ({ name, registered: false })),
        ],
      }
    },
  )

  app.post(
    '/v1/profile/account',
    {
      config: { usage: true, limit: 'write' },
      schema: {
        summary: 'Register a name, signed for by its address',
        description:
          'The message is JSON {name, attributes, timestamp} signed (personal_sign) by the address; it must be at ' +
          'most 10 minutes old and at most 60 s ahead, and registers once. 502 when a signature that is not a plain ' +
          "ECDSA one cannot be checked because the coin type's chain does not answer.",
        tags: ['names'],
        querystring: sdkQuery,
        body: z.object({
          coin_type: z.number({ error: 'coin_type must be a number' }).int('coin_type must be an integer'),
          address: balanceParams.shape.address,
          message: text('message', 2000),
          signature: z
            .string({ error: 'signature must be a string' })
            .regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'signature must be hex bytes (0x…)')
            .max(20_000, 'signature is too long'),
        }),
        response: { 201: profile, 400: errorBody, 401: errorBody, 409: errorBody, 502: errorBody },
      },
    },
    async (request, reply) => {
      const { coin_type: coinType, address, message, signature } = request.body
      if (!coinTypes.includes(coinType))
        return reply.code(400).send({
          error: `coin_type must be one of the supported coin types: ${coinTypes.join(', ')}`,
          field: 'coin_type',
        })
      const parsed = parseRegistrationMessage(message)
      if (!parsed.ok) return reply.code(400).send({ error: parsed.problem, field: 'message' })
      const checked = checkName(parsed.message.name, zones)
      if (!checked.ok) return reply.code(400).send({ error: checked.problem, field: 'message.name' })
      const stale = timestampProblem(parsed.message.timestamp, now())
      if (stale) return reply.code(400).send({ error: stale, field: 'message.timestamp' })
      // What the database can answer is asked before the chain is: a replayed message or a taken name costs no
      // upstream call. The registration below still settles races in one transaction.
      const messageHash = createHash('sha256').update(message).digest('hex')
      if (await storage.names.messageUsed(messageHash))
        return reply.code(409).send({ error: 'This message has already been used', field: 'message' })
      if (await storage.names.get(checked.name))
        return reply
          .code(409)
          .send({ error: `Name is already registered: ${checked.name}`, field: 'message.name' })

      const verdict = await checkSignature(verifiers.get(coinType), {
        address,
        message,
        signature: signature as Hex,
      })
      if (verdict === 'unreachable') {
        request.log.warn({ coinType }, 'signature could not be checked: its chain does not answer')
        return reply.code(502).send({
          error: `Could not check the signature on eip155:${chainOfCoinType(coinType)}`,
          field: 'signature',
        })
      }
      if (verdict === 'invalid')
        return reply.code(401).send({ error: 'Signature does not match the address', field: 'signature' })

      const result = await storage.names.register({
        name: checked.name,
        zone: checked.zone,
        address,
        coinType,
        attributes: parsed.message.attributes ?? {},
        messageHash,
      })
      if (result.status === 'replayed')
        return reply.code(409).send({ error: 'This message has already been used', field: 'message' })
      if (result.status === 'taken')
        return reply
          .code(409)
          .send({ error: `Name is already registered: ${checked.name}`, field: 'message.name' })
      return reply.code(201).send(profileOf(result.record))
    },
  )

  app.get(
    '/v1/identity/:address',
    {
      config: { usage: true },
      schema: {
        summary:
          "An address's name and avatar: its newest Latch name, else its ENS name when ENS is configured",
        tags: ['names'],
        params: balanceParams,
        querystring: sdkQuery.extend({ sender: text('sender', 100).optional() }),
        response: {
          200: z.object({ name: z.string().nullable(), avatar: z.string().nullable() }),
          400: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { address } = request.params
      reply.header('cache-control', 'no-cache')
      const [latest] = await storage.names.listByAddress(address)
      if (latest) return { name: latest.name, avatar: latest.attributes.avatar ?? null }
      if (!ens) return { name: null, avatar: null }
      try {
        const name = await withTimeout(ens.getEnsName({ address }), ENS_TIMEOUT_MS, 'ENS name lookup')
        const avatar = name
          ? await withTimeout(ens.getEnsAvatar({ name }), ENS_TIMEOUT_MS, 'ENS avatar lookup').catch(
              () => null,
            )
          : null
        return { name: name ?? null, avatar: avatar ?? null }
      } catch (error) {
        request.log.warn({ err: error }, 'ENS lookup failed')
        return { name: null, avatar: null }
      }
    },
  )
}
