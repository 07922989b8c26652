import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { zeroAddress } from 'viem'
import { generateSiweNonce } from 'viem/siwe'
import { z } from 'zod'
import type { IdRegistry } from '../auth/farcaster/idRegistry.ts'
import { errorBody, text } from '../schemas.ts'
import type { FarcasterAnswer, FarcasterChannel, FarcasterSignatureParams } from '../storage/farcaster.ts'
import type { Storage } from '../storage/types.ts'
import { sha256Hex } from '../tokens.ts'

export interface FarcasterRelayOptions {
  storage: Storage
  /**
   * The key a Farcaster client sends (`X-Farcaster-Auth-Relay-Key`) to complete a channel; without one, no channel can
   * be completed.
   */
  key?: string
  /** Fills a completed channel's `custody` and refuses unregistered fids; without it, `custody` is left out. */
  registry?: Pick<IdRegistry, 'custodyOf'>
  now?: () => Date
  /** How long a channel lives (default 10 minutes). */
  channelTtlMs?: number
  /** Live channels at most, from all apps together (default 100,000). */
  maxChannels?: number
}

/**
 * A channel must be completed, and its answer read, within 10 minutes: a sign-in is a QR code scanned there and then
 * (the real relay keeps channels an hour).
 */
export const FARCASTER_CHANNEL_TTL_MS = 10 * 60_000
/** Live channels at most: a bound on the table, which anyone may add to. */
export const MAX_FARCASTER_CHANNELS = 100_000
const PURGE_INTERVAL_MS = 5 * 60_000
/** The largest body the schemas accept (a 2,000-character message and signature, and the profile) is under 6 KiB. */
const BODY_LIMIT = 8 * 1024

/** A URL (the SIWE `uri`, a redirect, a picture): whatever the WHATWG parser takes. */
const url = (field: string) =>
  text(field, 500).refine((value) => URL.canParse(value), `${field} must be a URL`)
/** RFC 3339, as a SIWE message's `Not Before` and `Expiration Time` are written. */
const dateTime = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date-time (2026-01-31T12:00:00Z)` })

const createChannelBody = z.object({
  siweUri: url('siweUri'),
  domain: z
    .string({ error: 'domain must be a string' })
    .max(253, 'domain must be at most 253 characters')
    .regex(
      /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?$/,
      'domain must be a host name, with its port if any (example.com, localhost:3000)',
    ),
  // EIP-4361: at least 8 alphanumeric characters.
  nonce: z
    .string({ error: 'nonce must be a string' })
    .regex(/^[A-Za-z0-9]{8,96}$/, 'nonce must be 8 to 96 letters and digits')
    .optional(),
  notBefore: dateTime('notBefore').optional(),
  expirationTime: dateTime('expirationTime').optional(),
  requestId: text('requestId', 200).optional(),
  redirectUrl: url('redirectUrl').optional(),
  acceptAuthAddress: z.boolean({ error: 'acceptAuthAddress must be true or false' }).optional(),
})

const authenticateBody = z.object({
  message: text('message', 2000).min(1, 'message is empty'),
  signature: z
    .string({ error: 'signature must be a string' })
    .max(2000, 'signature must be at most 2000 characters')
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'signature must be 0x and hex bytes'),
  authMethod: z
    .enum(['custody', 'authAddress'], { error: "authMethod must be 'custody' or 'authAddress'" })
    .optional(),
  fid: z.int({ error: 'fid must be an integer' }).positive('fid must be positive'),
  username: text('username', 64).optional(),
  bio: text('bio', 500).optional(),
  displayName: text('displayName', 100).optional(),
  pfpUrl: url('pfpUrl').optional(),
})

const channelHeaders = z.object({
  authorization: z
    .string({ error: 'authorization must be a single header' })
    .max(200, 'authorization must be at most 200 characters')
    .optional(),
})
const relayHeaders = channelHeaders.extend({
  'x-farcaster-auth-relay-key': z
    .string({ error: 'x-farcaster-auth-relay-key must be a single header' })
    .max(500, 'x-farcaster-auth-relay-key must be at most 500 characters')
    .optional(),
})

const pendingChannel = z.object({
  state: z.enum(['pending', 'completed']),
  nonce: z.string(),
  signatureParams: z.object({
    siweUri: z.string(),
    domain: z.string(),
    nonce: z.string(),
    notBefore: z.string().optional(),
    expirationTime: z.string().optional(),
    requestId: z.string().optional(),
    redirectUrl: z.string().optional(),
  }),
  metadata: z.object({ ip: z.string(), userAgent: z.string() }),
  acceptAuthAddress: z.boolean(),
})
const completedChannel = pendingChannel.extend({
  message: z.string(),
  signature: z.string(),
  authMethod: z.enum(['custody', 'authAddress']),
  fid: z.number(),
  username: z.string().optional(),
  bio: z.string().optional(),
  displayName: z.string().optional(),
  pfpUrl: z.string().optional(),
  custody: z.string().optional(),
  verifications: z.array(z.string()),
})

/** A channel as the protocol answers it while pending: what the app asked for. */
function pendingBody(channel: FarcasterChannel) {
  const { state, nonce, signatureParams, metadata, acceptAuthAddress } = channel
  return { state, nonce, signatureParams, metadata, acceptAuthAddress }
}

/** A completed channel as the protocol answers it: the request and the client's answer. */
function completedBody(channel: FarcasterChannel, answer: FarcasterAnswer) {
  // The relay does not look up verified addresses: an app that needs them reads them from a hub.
  return { ...pendingBody(channel), ...answer, verifications: [] }
}

/** The channel token of `Authorization: Bearer <token>`: 32 bytes, base64url. */
const channelToken = (authorization: string | undefined) =>
  /^Bearer\s+([A-Za-z0-9_-]{43})$/i.exec(authorization ?? '')?.[1]

/** Whether `given` is `key`, in a time that tells nothing of where they differ (both hashed to one length). */
const sameKey = (given: string, key: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(key).digest())

const unknownChannel = { error: 'Unknown or expired channel token' }

/**
 * A Sign In With Farcaster relay, as `@farcaster/auth-client` speaks to one (`relay: '<server>/farcaster'`). An app
 * opens a channel and shows its `farcaster://connect` URI; the user's Farcaster client signs the SIWE message with
 * its custody key and posts it here with the relay key; the app polls the channel and verifies the signature itself
 * (the relay vouches for nothing the client sent, `custody` aside). The channel token is the bearer of both sides;
 * only its hash is stored.
 */
export const farcasterRelayRoutes: FastifyPluginAsyncZod<FarcasterRelayOptions> = async (app, options) => {
  const { storage, key, registry } = options
  const now = options.now ?? (() => new Date())
  const ttlMs = options.channelTtlMs ?? FARCASTER_CHANNEL_TTL_MS
  const maxChannels = options.maxChannels ?? MAX_FARCASTER_CHANNELS
  const purge = setInterval(() => {
    storage.farcaster.purge(now()).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not delete expired Farcaster relay channels')
    })
  }, PURGE_INTERVAL_MS)
  purge.unref()
  app.addHook('onClose', async () => clearInterval(purge))
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  app.post(
    '/farcaster/v1/channel',
    {
      bodyLimit: BODY_LIMIT,
      config: { limit: 'write' },
      schema: {
        summary: 'Open a Sign In With Farcaster channel: its token and the farcaster://connect URI to show',
        tags: ['farcaster'],
        body: createChannelBody,
        response: {
          201: z.object({
            channelToken: z.string(),
            url: z.string(),
            connectUri: z.string(),
            nonce: z.string(),
          }),
          400: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      // Auth addresses are accepted unless the app says not: the protocol's default, and verifySignInMessage's.
      const { acceptAuthAddress = true, ...asked } = request.body
      const signatureParams: FarcasterSignatureParams = {
        ...asked,
        nonce: asked.nonce ?? generateSiweNonce(),
      }
      const token = randomBytes(32).toString('base64url')
      const createdAt = now()
      const opened = await storage.farcaster.open(
        {
          tokenHash: sha256Hex(token),
          nonce: signatureParams.nonce,
          signatureParams,
          acceptAuthAddress,
          metadata: { ip: request.ip, userAgent: (request.headers['user-agent'] ?? 'Unknown').slice(0, 500) },
          createdAt,
          expiresAt: new Date(createdAt.getTime() + ttlMs),
        },
        { max: maxChannels },
      )
      if (opened === 'full')
        return reply
          .code(503)
          .header('retry-after', '60')
          .send({ error: 'The relay has too many open channels; try again in a minute' })
      // What the Farcaster client builds the SIWE message from.
      const connect = new URLSearchParams({
        channelToken: token,
        nonce: signatureParams.nonce,
        siweUri: signatureParams.siweUri,
        domain: signatureParams.domain,
      })
      for (const name of ['notBefore', 'expirationTime', 'requestId'] as const) {
        const value = signatureParams[name]
        if (value !== undefined) connect.set(name, value)
      }
      const connectUri = `farcaster://connect?${connect}`
      return reply
        .code(201)
        .send({ channelToken: token, url: connectUri, connectUri, nonce: signatureParams.nonce })
    },
  )

  app.get(
    '/farcaster/v1/channel/status',
    {
      config: { limit: 'read' },
      schema: {
        summary:
          'A channel’s state: 202 while pending, 200 with the signed message once (the channel then closes)',
        description: 'Authorization: Bearer <channelToken>.',
        tags: ['farcaster'],
        headers: channelHeaders,
        response: { 200: completedChannel, 202: pendingChannel, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      const token = channelToken(request.headers.authorization)
      const channel = token ? await storage.farcaster.read(sha256Hex(token), now()) : undefined
      if (!channel) return reply.code(401).send(unknownChannel)
      if (!channel.answer) return reply.code(202).send(pendingBody(channel))
      // The answer is handed out once: of two reads at once, the one that closes the channel gets it.
      if (!(await storage.farcaster.close(channel.tokenHash))) return reply.code(401).send(unknownChannel)
      return reply.code(200).send(completedBody(channel, channel.answer))
    },
  )

  app.post(
    '/farcaster/v1/channel/authenticate',
    {
      bodyLimit: BODY_LIMIT,
      config: { limit: 'write' },
      schema: {
        summary: 'Complete a channel with the signed message (the Farcaster client, with the relay key)',
        description:
          'Authorization: Bearer <channelToken>; X-Farcaster-Auth-Relay-Key: <key>. The relay does not check the ' +
          'signature: the app does, with the message and signature it reads from the channel’s status.',
        tags: ['farcaster'],
        headers: relayHeaders,
        body: authenticateBody,
        response: {
          201: completedChannel,
          400: errorBody,
          401: errorBody,
          409: errorBody,
          502: errorBody,
        },
      },
    },
    async (request, reply) => {
      if (!key)
        return reply.code(401).send({
          error: 'This relay takes no sign-ins: no relay key is configured (LATCH_FARCASTER_RELAY_KEY)',
        })
      const given = request.headers['x-farcaster-auth-relay-key']
      if (given === undefined || !sameKey(given, key))
        return reply.code(401).send({ error: 'Missing or wrong X-Farcaster-Auth-Relay-Key' })
      const token = channelToken(request.headers.authorization)
      if (!token) return reply.code(401).send(unknownChannel)
      const tokenHash = sha256Hex(token)
      const known = await storage.farcaster.read(tokenHash, now())
      if (!known) return reply.code(401).send(unknownChannel)
      if (known.state === 'completed')
        return reply.code(409).send({ error: 'This channel was completed already' })

      const { authMethod = 'custody', ...sent } = request.body
      const answer: FarcasterAnswer = { ...sent, authMethod, signature: sent.signature as `0x${string}` }
      if (registry) {
        let custody: `0x${string}`
        try {
          custody = await registry.custodyOf(BigInt(sent.fid))
        } catch (error) {
          request.log.error({ err: error }, 'could not read the Farcaster ID registry')
          return reply
            .code(502)
            .send({ error: 'The Farcaster ID registry could not be read; try again in a moment' })
        }
        if (custody.toLowerCase() === zeroAddress)
          return reply
            .code(400)
            .send({ error: `fid ${sent.fid} is not registered: it has no custody address`, field: 'fid' })
        answer.custody = custody
      }

      const completed = await storage.farcaster.complete(tokenHash, answer, now())
      if (completed === 'missing') return reply.code(401).send(unknownChannel)
      if (completed === 'completed-already')
        return reply.code(409).send({ error: 'This channel was completed already' })
      return reply.code(201).send(completedBody(completed, answer))
    },
  )
}
