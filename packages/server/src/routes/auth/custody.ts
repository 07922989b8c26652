// A frame session is good only with its device's secret; what it may have of its account's key.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AuthSession, StoredShares } from '../../storage/auth.ts'
import { sha256Hex } from '../../tokens.ts'
import type { AuthBase } from './base.ts'
import { bearer, DEVICE_HEADER, hashesEqual } from './schemas.ts'

/** Frame sessions shown with their device, and what their account's key may give. */
export function createCustody(base: AuthBase) {
  const { storage, now } = base
  /**
   * The session of the request's bearer token, shown with the secret of the device it was made on (a token alone,
   * taken elsewhere, is nothing), or undefined with 401 sent.
   */
  async function sessionOf(request: FastifyRequest, reply: FastifyReply): Promise<AuthSession | undefined> {
    const token = bearer(request)
    const session = token ? await storage.auth.session(sha256Hex(token), now()) : undefined
    if (!session) {
      await reply.code(401).send({ error: 'Not logged in: the session is missing, ended or unknown' })
      return undefined
    }
    const device = request.headers[DEVICE_HEADER]
    if (typeof device !== 'string' || !hashesEqual(sha256Hex(device), session.deviceHash)) {
      await reply.code(401).send({ error: 'Not logged in: this session belongs to another device' })
      return undefined
    }
    return session
  }

  /** The session's account key as stored, or undefined with 401 (no session) or 404 (no key yet) sent. */
  async function keyOf(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ session: AuthSession; shares: StoredShares } | undefined> {
    const session = await sessionOf(request, reply)
    if (!session) return undefined
    const shares = await storage.auth.shares(session.account.id)
    if (!shares) {
      await reply.code(404).send({ error: 'This account has no key yet' })
      return undefined
    }
    return { session, shares }
  }

  /** Whether the session's login is recent enough for the recovery share (a new device rebuilding its key). */
  const recoveryOpen = (session: AuthSession) =>
    session.recoveryUntil !== null && session.recoveryUntil.getTime() > now().getTime()

  // 401: to the frame, this session is not logged in enough; it logs in again (a fresh code opens the window).
  const refuseRecovery = (reply: FastifyReply) =>
    reply.code(401).send({
      error: 'Your recovery share is given only just after a login on this device: log in again',
      reason: 'verify',
    })

  /** Whether `current` is the proof of the account's passphrase (a box set before proofs has none to match). */
  const passphraseShown = (shares: StoredShares, current: string | undefined) =>
    current !== undefined &&
    shares.passphraseProof !== null &&
    hashesEqual(sha256Hex(current), shares.passphraseProof)

  const refusePassphrase = (reply: FastifyReply, shares: StoredShares, current: string | undefined) =>
    reply.code(403).send({
      error:
        shares.passphraseProof === null
          ? 'Log in again on this device to change your passphrase'
          : current
            ? 'That is not your current passphrase'
            : 'Your current passphrase is needed to change it',
      field: 'current',
      reason: 'passphrase',
    })

  return { sessionOf, keyOf, recoveryOpen, refuseRecovery, passphraseShown, refusePassphrase }
}
