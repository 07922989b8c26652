import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getAddress, type Hex } from 'viem'
import { z } from 'zod'
import { chainClient } from '../chains/clients.ts'
import { accountParams } from '../chains/schemas.ts'
import type { BlockchainConfig } from '../chains/types.ts'
import { errorBody, sdkQuery, text } from '../schemas.ts'
import { revokeSessionMessage } from '../sessions/messages.ts'
import {
  addressRefusal,
  chainRefusal,
  datesRefusal,
  MAX_SESSION_MS,
  NONCE_TTL_MS,
  nonceRefusal,
  originRefusal,
  type Refusal,
  readSignInMessage,
  sessionExpiry,
  signatureRefusal,
  timeRefusal,
} from '../sessions/rules.ts'
import { isSolanaSignIn, readSolanaSignInMessage, verifySolanaSignature } from '../sessions/solana.ts'
import { checkSignature } from '../signatures.ts'
import type { SessionRecord } from '../storage/sessions.ts'
import type { Storage } from '../storage/types.ts'
import { sha256Hex } from '../tokens.ts'

export interface SessionsRoutesOptions {
  storage: Storage
  blockchain: BlockchainConfig
  /** Domains a message may name when the request has no Origin header (a server-side client). */
  domains?: readonly string[]
  /**
   * The longest a session may last, whatever its message asks (a message may name an expiration centuries away).
   * Default 30 days.
   */
  maxSessionMs?: number
  /** The clock messages and nonces are checked against (tests). */
  now?: () => Date
}

/** How often expired nonces are deleted. */
const NONCE_PURGE_MS = 60_000
const NONCE_LENGTH = 24
const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** 24 random alphanumeric characters (EIP-4361 wants at least 8). */
function newNonce(): string {
  // 248 = 62 × 4: bytes at or above it are dropped, so every character is equally likely.
  let nonce = ''
  while (nonce.length < NONCE_LENGTH) {
    for (const byte of randomBytes(NONCE_LENGTH * 2)) {
      if (byte < 248 && nonce.length < NONCE_LENGTH) nonce += alphanumeric[byte % 62]
    }
  }
  return nonce
}

const session = z.object({
  id: z.string().meta({ description: 'The session id: the pci that revokes it' }),
  address: z.string(),
  chainId: z.string().meta({ description: 'CAIP-2' }),
  domain: z.string(),
  uri: z.string(),
  message: z.string(),
  signature: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string(),
})

const signature = z
  .string({ error: 'signature must be a string' })
  .regex(
    /^(?:0x(?:[0-9a-fA-F]{2})+|[1-9A-HJ-NP-Za-km-z]{64,100})$/,
    'signature must be hex bytes (0x…), or base58 for a Solana account',
  )
  .max(20_000, 'signature is too long')

/** Whether a stored session's address is the route's: EVM addresses in any letter case, Solana's exactly. */
const isAccount = (stored: string, account: z.output<typeof accountParams>['address']) =>
  account.namespace === 'solana' ? stored === account.address : stored.toLowerCase() === account.address

function sessionOf(record: SessionRecord): z.output<typeof session> {
  return {
    id: record.id,
    address: record.address,
    chainId: record.chainId,
    domain: record.domain,
    uri: record.uri,
    message: record.message,
    signature: record.signature,
    issuedAt: record.issuedAt.toISOString(),
    expiresAt: record.expiresAt.toISOString(),
  }
}

/** Replies with a refusal's status and its `{ error, field }` body. */
const refuse = (reply: FastifyReply, refusal: Refusal) =>
  reply.code(refusal.status).send({ error: refusal.error, field: refusal.field })

/**
 * Sign-in sessions (SIWX, SPEC §4 and §7): nonces, verification of EIP-4361 messages against the chain (EOA,
 * ERC-1271 and ERC-6492 signatures), an address's live sessions for the bearer of one of its tokens, and
 * revocation signed by the address.
 */
export const sessionsRoutes: FastifyPluginAsyncZod<SessionsRoutesOptions> = async (app, options) => {
  const { storage, blockchain } = options
  const now = options.now ?? (() => new Date())
  const domains = new Set(options.domains ?? [])
  const maxSessionMs = options.maxSessionMs ?? MAX_SESSION_MS
  const purge = setInterval(() => {
    storage.sessions.purgeNonces(now()).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not delete expired sign-in nonces')
    })
  }, NONCE_PURGE_MS)
  purge.unref()
  app.addHook('onClose', async () => clearInterval(purge))
  const verifiers = new Map(
    blockchain.chains.map((chain) => [`eip155:${chain.chainId}`, chainClient(chain, 'signatures')]),
  )
  // A Solana signature needs no chain (the address is the key); the cluster must still be one the server serves.
  const solanaChains = new Set((blockchain.solana ?? []).map((chain) => chain.caipNetworkId))

  app.get(
    '/v1/sessions/nonce',
    {
      config: { usage: true, limit: 'write' },
      schema: {
        summary: 'A single-use nonce for a sign-in message, valid 10 minutes',
        tags: ['sessions'],
        querystring: sdkQuery,
        response: { 200: z.object({ nonce: z.string() }) },
      },
    },
    async (_request, reply) => {
      const nonce = newNonce()
      const issued = now()
      await storage.sessions.createNonce(nonce, new Date(issued.getTime() + NONCE_TTL_MS))
      reply.header('cache-control', 'no-store')
      return { nonce }
    },
  )

  app.post(
    '/v1/sessions',
    {
      config: { usage: true, limit: 'write' },
      schema: {
        summary: 'Sign in: verify a signed EIP-4361 (or Sign-In with Solana) message and start a session',
        description:
          'The message must name the requesting page (its domain is the Origin header’s host and its URI has ' +
          'that origin), a configured chain, an unused nonce from /v1/sessions/nonce, and be current. An EVM ' +
          'signature is checked against the chain, so ERC-1271 and ERC-6492 smart accounts sign in too; a Solana ' +
          'one (CAIP-122 text, "Solana account", base58 signature) is verified as ed25519 by the address. The ' +
          'token answered lists the address’s sessions (GET /v1/sessions/{address}); only its hash is stored.',
        tags: ['sessions'],
        querystring: sdkQuery,
        body: z.object({
          message: text('message', 4000),
          signature,
        }),
        response: {
          201: z.object({ token: z.string(), session }),
          400: errorBody,
          401: errorBody,
          502: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { message, signature: signed } = request.body
      const solana = isSolanaSignIn(message)
      const read = solana ? readSolanaSignInMessage(message) : readSignInMessage(message)
      if (!read.ok) return refuse(reply, read.refusal)
      const { fields } = read
      const chainId = solana ? String(fields.chainId) : `eip155:${fields.chainId}`
      const refusal =
        datesRefusal(fields) ??
        (solana ? undefined : addressRefusal(fields.address)) ??
        chainRefusal(chainId, solana ? solanaChains : verifiers) ??
        originRefusal(fields, request.headers.origin, domains) ??
        timeRefusal(fields, now())
      if (refusal) return refuse(reply, refusal)
      const { domain, uri, nonce, issuedAt } = fields
      const address = solana ? fields.address : getAddress(fields.address)

      // The cheap check before the costly one: a message without a live nonce costs no call to the chain.
      if (!(await storage.sessions.nonceUsable(nonce, now()))) return refuse(reply, nonceRefusal)
      const verdict = solana
        ? verifySolanaSignature({ address, message, signature: signed })
          ? 'valid'
          : 'invalid'
        : await checkSignature(verifiers.get(chainId), {
            address: address as Hex,
            message,
            signature: signed as Hex,
          })
      if (verdict === 'unreachable')
        request.log.warn({ chainId }, 'sign-in signature could not be checked: its chain does not answer')
      // A refused signature spends its nonce, so each check of the chain costs the caller a new nonce.
      if (verdict === 'invalid') await storage.sessions.spendNonce(nonce, now())
      if (verdict !== 'valid') return refuse(reply, signatureRefusal(verdict, chainId))

      const token = randomBytes(32).toString('base64url')
      const record: SessionRecord = {
        id: randomUUID(),
        address,
        chainId,
        domain,
        uri,
        message,
        signature: signed,
        issuedAt,
        expiresAt: sessionExpiry(fields, maxSessionMs),
        revokedAt: null,
      }
      const created = await storage.sessions.create({ ...record, tokenHash: sha256Hex(token), nonce }, now())
      if (created === 'nonce') return refuse(reply, nonceRefusal)
      return reply.code(201).send({ token, session: sessionOf(record) })
    },
  )

  app.get(
    '/v1/sessions/:address',
    {
      config: { usage: true },
      schema: {
        summary: 'An address’s live sign-in sessions, for the bearer of one of its tokens',
        description:
          'Authorization: Bearer <token from POST /v1/sessions>. The sessions of the token’s domain that are ' +
          'neither revoked nor expired, newest first.',
        tags: ['sessions'],
        params: accountParams,
        querystring: sdkQuery,
        headers: z.object({ authorization: z.string().max(200).optional() }),
        response: { 200: z.object({ sessions: z.array(session) }), 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
      if (!token) return reply.code(401).send({ error: 'Missing session token' })
      const at = now()
      const mine = await storage.sessions.byTokenHash(sha256Hex(token))
      if (
        !mine ||
        !isAccount(mine.address, request.params.address) ||
        mine.revokedAt ||
        mine.expiresAt.getTime() <= at.getTime()
      )
        return reply.code(401).send({ error: 'Session token is not valid for this address' })
      const sessions = await storage.sessions.listLive(mine.address, mine.domain, at)
      return { sessions: sessions.map(sessionOf) }
    },
  )

  app.post(
    '/v1/sessions/:address/revoke',
    {
      config: { usage: true, limit: 'write' },
      schema: {
        summary: 'Revoke a sign-in session, signed for by its address',
        description:
          'pci is the session id; signature is the address’s personal_sign of "Revoke sign-in session <pci>", ' +
          'checked against the session’s chain (smart accounts too); for a Solana account, its ed25519 signature of ' +
          'that text (base58).',
        tags: ['sessions'],
        params: accountParams,
        querystring: sdkQuery,
        body: z.object({
          pci: text('pci', 100).min(1, 'pci is empty'),
          signature,
        }),
        response: {
          200: z.object({ revoked: z.literal(true) }),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          502: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { pci, signature: signed } = request.body
      const record = await storage.sessions.get(pci)
      if (!record || !isAccount(record.address, request.params.address))
        return reply.code(404).send({ error: 'Unknown session', field: 'pci' })
      const message = revokeSessionMessage(pci)
      const verdict = record.chainId.startsWith('solana:')
        ? verifySolanaSignature({ address: record.address, message, signature: signed })
          ? 'valid'
          : 'invalid'
        : await checkSignature(verifiers.get(record.chainId), {
            address: getAddress(record.address),
            message,
            signature: signed as Hex,
          })
      if (verdict !== 'valid') return refuse(reply, signatureRefusal(verdict, record.chainId))
      await storage.sessions.revoke(pci, now())
      return { revoked: true as const }
    },
  )
}
