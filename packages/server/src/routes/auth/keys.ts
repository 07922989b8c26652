// A frame session's routes: who is logged in, sign-out, and the account key's server-held shares.
import { z } from 'zod'
import { seal, unseal } from '../../auth/secrets.ts'
import { RECOVERY_WINDOW_MS } from '../../auth/session.ts'
import { user, userOf } from '../../auth/user.ts'
import { errorBody } from '../../schemas.ts'
import { sha256Hex } from '../../tokens.ts'
import type { AuthApp, AuthContext } from './context.ts'
import {
  address,
  authError,
  authHeaders,
  base64,
  bearer,
  passphraseBox,
  passphraseProof,
  share,
  shareContext,
} from './schemas.ts'

/** GET /v1/auth/session */
function sessionRoute(app: AuthApp, ctx: AuthContext) {
  const { sessionOf } = ctx
  app.get(
    '/v1/auth/session',
    {
      schema: {
        summary: 'The logged-in user of a frame session',
        tags: ['auth'],
        headers: authHeaders,
        response: { 200: z.object({ user, expiresAt: z.string() }), 401: errorBody },
      },
    },
    async (request, reply) => {
      const session = await sessionOf(request, reply)
      if (!session) return reply
      return { user: userOf(session.account, session.social), expiresAt: session.expiresAt.toISOString() }
    },
  )
}

/** POST /v1/auth/signout */
function signOut(app: AuthApp, ctx: AuthContext) {
  const { storage, now } = ctx
  app.post(
    '/v1/auth/signout',
    {
      schema: {
        summary: 'End a frame session',
        tags: ['auth'],
        headers: authHeaders,
        response: { 200: z.object({ signedOut: z.literal(true) }), 401: errorBody },
      },
    },
    async (request, reply) => {
      const token = bearer(request)
      if (!token)
        return reply.code(401).send({ error: 'Not logged in: the session is missing, ended or unknown' })
      await storage.auth.revokeSession(sha256Hex(token), now())
      return { signedOut: true as const }
    },
  )
}

/** PUT /v1/auth/keys */
function storeKey(app: AuthApp, ctx: AuthContext) {
  const { storage, secrets, sessionOf } = ctx
  app.put(
    '/v1/auth/keys',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Store the account key’s two server-held shares (once)',
        description:
          'The frame made the key and split it 2-of-3; it keeps the device share and sends the auth and recovery ' +
          'shares, which are sealed under LATCH_KEK and LATCH_RECOVERY_KEK. 409 when the account has a key.',
        tags: ['auth'],
        headers: authHeaders,
        body: z.object({ address, authShare: share('authShare'), recoveryShare: share('recoveryShare') }),
        response: { 201: z.object({ user }), 400: errorBody, 401: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const session = await sessionOf(request, reply)
      if (!session) return reply
      const { id } = session.account
      const stored = await storage.auth.storeShares(id, {
        address: request.body.address,
        authShare: seal(secrets.kek, request.body.authShare, shareContext('auth', id)),
        recoveryShare: seal(secrets.recoveryKek, request.body.recoveryShare, shareContext('recovery', id)),
      })
      if (stored === 'exists') return reply.code(409).send({ error: 'This account has a key already' })
      return reply
        .code(201)
        .send({ user: { ...userOf(session.account, session.social), address: request.body.address } })
    },
  )
}

/** GET /v1/auth/keys */
function keyState(app: AuthApp, ctx: AuthContext) {
  const { keyOf } = ctx
  app.get(
    '/v1/auth/keys',
    {
      schema: {
        summary:
          'The account key’s address and how it recovers: the server’s share, or the user’s passphrase',
        tags: ['auth'],
        headers: authHeaders,
        response: {
          200: z.object({
            address: z.string(),
            recovery: z.enum(['automatic', 'passphrase']),
            current: z.boolean().meta({
              description:
                'Whether the passphrase has a proof, which replacing it takes (or a login of the last 10 minutes); a passphrase set before proofs is replaced after a fresh login',
            }),
          }),
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const key = await keyOf(request, reply)
      if (!key) return reply
      const { session, shares } = key
      return {
        // Stored with the shares, in one transaction.
        address: session.account.address ?? '',
        recovery: shares.passphraseBox ? ('passphrase' as const) : ('automatic' as const),
        current: shares.passphraseProof !== null,
      }
    },
  )
}

/** GET /v1/auth/keys/auth */
function authShare(app: AuthApp, ctx: AuthContext) {
  const { secrets, keyOf } = ctx
  app.get(
    '/v1/auth/keys/auth',
    {
      schema: {
        summary: 'The auth share, for a frame session (combined with the device share for one signature)',
        tags: ['auth'],
        headers: authHeaders,
        response: { 200: z.object({ authShare: z.string() }), 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const key = await keyOf(request, reply)
      if (!key) return reply
      const { session, shares } = key
      return {
        authShare: base64(unseal(secrets.kek, shares.authShare, shareContext('auth', session.account.id))),
      }
    },
  )
}

/** GET /v1/auth/keys/recovery */
function recoveryShare(app: AuthApp, ctx: AuthContext) {
  const { secrets, keyOf, recoveryOpen, refuseRecovery } = ctx
  app.get(
    '/v1/auth/keys/recovery',
    {
      schema: {
        summary:
          'The recovery share, or the box the user’s passphrase seals, for a new device’s frame session',
        description: `Only within ${RECOVERY_WINDOW_MS / 60_000} minutes of the session's login (401 \`verify\` after).`,
        tags: ['auth'],
        headers: authHeaders,
        response: {
          200: z.object({
            recoveryShare: z.string().nullable(),
            passphraseBox: passphraseBox.nullable(),
          }),
          401: authError,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const key = await keyOf(request, reply)
      if (!key) return reply
      const { session, shares } = key
      if (!recoveryOpen(session)) return refuseRecovery(reply)
      const { id } = session.account
      return {
        recoveryShare: shares.recoveryShare
          ? base64(unseal(secrets.recoveryKek, shares.recoveryShare, shareContext('recovery', id)))
          : null,
        passphraseBox: shares.passphraseBox as z.infer<typeof passphraseBox> | null,
      }
    },
  )
}

/** PUT /v1/auth/keys/recovery */
function setPassphrase(app: AuthApp, ctx: AuthContext) {
  const { storage, keyOf, recoveryOpen, passphraseShown, refusePassphrase } = ctx
  app.put(
    '/v1/auth/keys/recovery',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Replace the server’s recovery share with one sealed under the user’s passphrase',
        description:
          'The server keeps the box as given and deletes its own copy: it can no longer recover the key. `proof` is ' +
          'what the new passphrase derives to prove itself; replacing a box takes the current passphrase’s ' +
          `(\`current\`), or a session whose login is at most ${RECOVERY_WINDOW_MS / 60_000} minutes old.`,
        tags: ['auth'],
        headers: authHeaders,
        body: z.object({
          passphraseBox,
          proof: passphraseProof('proof'),
          current: passphraseProof('current').optional(),
        }),
        response: {
          200: z.object({ recovery: z.literal('passphrase') }),
          400: errorBody,
          401: errorBody,
          403: authError,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const key = await keyOf(request, reply)
      if (!key) return reply
      const { session, shares } = key
      const { passphraseBox: box, proof, current } = request.body
      if (shares.passphraseBox && !recoveryOpen(session) && !passphraseShown(shares, current))
        return refusePassphrase(reply, shares, current)
      const set = await storage.auth.setPassphraseBox(session.account.id, box, {
        hash: sha256Hex(proof),
        expected: shares.passphraseProof,
      })
      if (set === 'none') return reply.code(404).send({ error: 'This account has no key yet' })
      if (set === 'changed')
        return reply.code(409).send({ error: 'The passphrase was changed meanwhile; try again' })
      return { recovery: 'passphrase' as const }
    },
  )
}

/** POST /v1/auth/keys/recovery/check */
function checkPassphrase(app: AuthApp, ctx: AuthContext) {
  const { keyOf, passphraseShown } = ctx
  app.post(
    '/v1/auth/keys/recovery/check',
    {
      config: { limit: 'write' },
      schema: {
        summary: 'Whether `current` is the proof of the account’s passphrase (asked before a new one)',
        tags: ['auth'],
        headers: authHeaders,
        body: z.object({ current: passphraseProof('current') }),
        response: {
          200: z.object({ current: z.boolean() }),
          400: errorBody,
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const key = await keyOf(request, reply)
      if (!key) return reply
      if (!key.shares.passphraseBox)
        return reply.code(404).send({ error: 'This account has no recovery passphrase' })
      return { current: passphraseShown(key.shares, request.body.current) }
    },
  )
}

/** The session and key routes. */
export function keyRoutes(app: AuthApp, ctx: AuthContext) {
  sessionRoute(app, ctx)
  signOut(app, ctx)
  storeKey(app, ctx)
  keyState(app, ctx)
  authShare(app, ctx)
  recoveryShare(app, ctx)
  setPassphrase(app, ctx)
  checkPassphrase(app, ctx)
}
