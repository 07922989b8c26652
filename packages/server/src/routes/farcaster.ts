import { randomBytes, randomUUID } from 'node:crypto'
import { type AppClient, createAppClient } from '@farcaster/auth-client'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { generateSiweNonce } from 'viem/siwe'
import { z } from 'zod'
import type { IdRegistry } from '../auth/farcaster/idRegistry.ts'
import { newSession } from '../auth/session.ts'
import { user, userOf } from '../auth/user.ts'
import { errorBody } from '../schemas.ts'
import type { Storage } from '../storage/types.ts'
import { withTimeout } from '../timeout.ts'
import { sha256Hex } from '../tokens.ts'
import { socialLoginQuota } from './social.ts'

export interface FarcasterRoutesOptions {
  storage: Storage
  /** The auth relay the logins' channels are on (its base: the library calls `<relay>/v1/channel…`). */
  relayUrl: () => string
  /** Farcaster's ID registry: whose custody address signed for which fid. */
  registry: IdRegistry
  /** The frame's own base URL: the sign-in message names its host and URL. */
  baseUrl: () => string
  /** How long a frame session lasts. */
  sessionMs: number
  now?: () => Date
}

/** A Farcaster request (its code) lasts 4 minutes, like a WalletConnect pairing (SPEC §4). */
export const FARCASTER_LOGIN_TTL_MS = 4 * 60_000
/** How long one call to the relay may take. */
const RELAY_TIMEOUT_MS = 10_000

const device = z
  .string({ error: 'device must be a string' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'device must be 43 base64url characters (32 random bytes)')
const loginId = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/, 'id must be a login id from POST /v1/auth/farcaster/start'),
})

/**
 * Sign In With Farcaster for the embedded wallet, on the frame's origin. The frame starts a login for its device: the
 * server opens a channel on the auth relay and answers its `farcaster://connect` URI, which the page shows as a QR
 * code. The visitor's Farcaster app signs a message naming this frame and the login's nonce and hands it to the relay;
 * the frame polls here, and once the relay has the answer the server checks it (the signature, and that its signer
 * is the fid's custody address on the ID registry: `@farcaster/auth-client`), links the fid to its account (a fid is
 * an identity without an e-mail) and answers the session. The relay's channel token never grants a session: only
 * the device that started the login gets it.
 */
export const farcasterRoutes: FastifyPluginAsyncZod<FarcasterRoutesOptions> = async (app, options) => {
  const { storage, registry } = options
  const now = options.now ?? (() => new Date())
  let client: { relay: string; app: AppClient } | undefined
  /** The library's app client, on the relay configured now (`relayUrl` may only be known once the server listens). */
  const relay = () => {
    const url = options.relayUrl()
    if (client?.relay !== url)
      client = {
        relay: url,
        app: createAppClient({
          relay: url,
          ethereum: {
            getFid: registry.idOf,
            // Only custody signatures: an auth address would need Farcaster's key registry as well.
            isValidAuthAddress: async () => false,
            publicClient: registry.client,
          },
        }),
      }
    return client.app
  }
  const frame = () => new URL(options.baseUrl())
  const refused = {
    error: 'This login cannot be completed: it has ended, was used, or was started on another device',
  }

  app.post(
    '/v1/auth/farcaster/start',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Start a Farcaster login: the farcaster://connect URI to show as a QR code',
        tags: ['auth'],
        body: z.object({ device }),
        response: {
          200: z.object({
            login: z.string(),
            url: z.string(),
            expiresAt: z.string(),
            expiresIn: z
              .number()
              .meta({ description: 'Seconds the code lasts (whatever the caller’s clock says)' }),
          }),
          400: errorBody,
          429: errorBody,
          502: errorBody,
        },
      },
    },
    async (request, reply) => {
      const createdAt = now()
      const expiresAt = new Date(createdAt.getTime() + FARCASTER_LOGIN_TTL_MS)
      const nonce = generateSiweNonce()
      const channel = await withTimeout(
        relay().createChannel({
          siweUri: frame().origin,
          domain: frame().host,
          nonce,
          expirationTime: expiresAt.toISOString(),
          acceptAuthAddress: false,
        }),
        RELAY_TIMEOUT_MS,
        'The Farcaster relay',
      ).catch((error: unknown) => ({ isError: true as const, error }))
      if (channel.isError || channel.response.status !== 201 || !channel.data.channelToken) {
        request.log.error(
          {
            err: channel.isError ? channel.error : undefined,
            status: channel.isError ? undefined : channel.response.status,
          },
          'could not open a Farcaster relay channel',
        )
        return reply
          .code(502)
          .send({ error: 'The Farcaster relay could not be reached; try again in a moment' })
      }
      const { channelToken, url } = channel.data
      const id = randomUUID()
      const started = await storage.social.startLogin(
        {
          id,
          provider: 'farcaster',
          stateHash: sha256Hex(channelToken),
          nonce,
          // The relay's bearer for this channel: the server reads the answer with it, the frame never needs it.
          codeVerifier: channelToken,
          deviceHash: sha256Hex(request.body.device),
          expiresAt,
          createdAt,
        },
        socialLoginQuota(createdAt),
      )
      if (started === 'quota')
        return reply.code(429).send({ error: 'Too many logins were started on this device; try again later' })
      return { login: id, url, expiresAt: expiresAt.toISOString(), expiresIn: FARCASTER_LOGIN_TTL_MS / 1000 }
    },
  )

  app.post(
    '/v1/auth/farcaster/:id/poll',
    {
      schema: {
        summary: 'Whether the visitor’s Farcaster app has answered: pending (202), or the session',
        tags: ['auth'],
        params: loginId,
        body: z.object({ device }),
        response: {
          200: z.object({ token: z.string(), user }),
          202: z.object({ state: z.literal('pending') }),
          400: errorBody,
          409: errorBody,
          410: errorBody,
          502: errorBody,
        },
      },
    },
    async (request, reply) => {
      const deviceHash = sha256Hex(request.body.device)
      const login = await storage.social.login(request.params.id)
      if (login?.provider !== 'farcaster' || login.deviceHash !== deviceHash)
        return reply.code(409).send(refused)
      if (login.status !== 'started')
        return reply.code(409).send(login.failure ? { error: login.failure } : refused)
      const expired = () => reply.code(410).send({ error: 'The Farcaster request expired: get a new code' })
      if (login.expiresAt <= now()) return expired()

      const answer = await withTimeout(
        relay().status({ channelToken: login.codeVerifier }),
        RELAY_TIMEOUT_MS,
        'The Farcaster relay',
      ).catch((error: unknown) => ({ isError: true as const, error }))
      if (answer.isError || answer.response.status >= 500) {
        request.log.warn(
          { err: answer.isError ? answer.error : undefined },
          'could not read a Farcaster channel',
        )
        return reply
          .code(502)
          .send({ error: 'The Farcaster relay could not be reached; try again in a moment' })
      }
      // The relay forgets a channel past its time (or one read completed by someone holding its token).
      if (answer.response.status === 401) return expired()
      if (answer.response.status === 202) return reply.code(202).send({ state: 'pending' as const })
      const { message, signature, fid, username } = answer.data
      const taken = await storage.social.takeLogin(sha256Hex(login.codeVerifier), now())
      if (!taken || typeof taken === 'string') return reply.code(409).send(refused)

      const refuse = async (failure: string) => {
        await storage.social.settleLogin(taken.id, { failure })
        return reply.code(400).send({ error: failure })
      }
      if (answer.response.status !== 200 || !message || !signature || !fid)
        return refuse('The Farcaster relay answered without a signed message')
      const verified = await relay()
        .verifySignInMessage({
          nonce: taken.nonce,
          domain: frame().host,
          message,
          signature,
          acceptAuthAddress: false,
        })
        .catch((error: unknown) => ({ isError: true as const, error }))
      if (verified.isError) {
        const reason = verified.error instanceof Error ? verified.error.message : 'its signature is not valid'
        request.log.warn({ err: verified.error }, 'a Farcaster sign-in was refused')
        return refuse(`Farcaster’s answer was refused: ${reason.replace(/\.$/, '')}`)
      }
      if (verified.fid !== fid)
        return refuse(`Farcaster’s answer was refused: it signs for fid ${verified.fid}, not ${fid}`)

      const account = await storage.social.accountOf(
        {
          provider: 'farcaster',
          subject: String(fid),
          email: null,
          emailVerified: false,
          username: username ? `@${username}` : `fid ${fid}`,
        },
        randomUUID(),
        now(),
        deviceHash,
      )
      const proof = randomBytes(32).toString('base64url')
      await storage.social.settleLogin(taken.id, {
        accountId: account.id,
        subject: String(fid),
        proofHash: sha256Hex(proof),
      })
      const createdAt = now()
      const { token, session: made } = newSession(createdAt, options.sessionMs)
      const completed = await storage.social.completeLogin(
        taken.id,
        { proofHash: sha256Hex(proof), deviceHash, now: createdAt },
        made,
      )
      if (completed === 'refused') return reply.code(409).send(refused)
      const session = await storage.auth.session(sha256Hex(token), createdAt)
      return { token, user: userOf(completed, session?.social ?? null) }
    },
  )
}
