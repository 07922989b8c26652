// Starting a login or a change within the budgets, and finding a login again.
import { randomUUID } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { requesterOf } from '../../limits.ts'
import type { BudgetRefusal, Challenge } from '../../storage/auth.ts'
import { sha256Hex } from '../../tokens.ts'
import type { AuthBase } from './base.ts'
import { HOUR_MS, MAX_CHALLENGES_PER_ADDRESS, MAX_CHALLENGES_PER_HOUR, RESEND_MS } from './rules.ts'

/** Logins and e-mail changes started within the hour's budgets, and found again. */
export function createChallenges(base: AuthBase) {
  const { storage, now, budgets } = base
  /** The hour's budgets of the challenges started from now. */
  const budget = () => ({
    since: new Date(now().getTime() - HOUR_MS),
    perRequester: MAX_CHALLENGES_PER_HOUR,
    perAddress: MAX_CHALLENGES_PER_ADDRESS,
    requesterMails: budgets.mailsPerRequester,
    addressMails: budgets.mailsPerAddress,
    mails: budgets.mailsPerHour,
  })

  /** What a refused start or resend answers, by the budget it would have passed. */
  const budgetRefusals: Record<BudgetRefusal, string> = {
    address: 'Too many codes were asked for this address; try again later',
    requester: 'Too many e-mails were sent at your request; try again later',
    mails: 'This server has sent all the login e-mails it may this hour; try again later',
  }
  const refuseBudget = (reply: FastifyReply, refusal: BudgetRefusal) =>
    reply.code(429).send({ error: budgetRefusals[refusal], reason: 'quota' })

  /**
   * Records a new login or change asked for by `request`, nothing mailed yet, expiring `ttlMs` from now; undefined
   * with 429 sent when it would pass one of the hour's budgets. `trusted`: started on a device the account knows, or by
   * its session.
   */
  async function startChallenge(
    request: FastifyRequest,
    reply: FastifyReply,
    fields: Pick<Challenge, 'kind' | 'email' | 'accountId' | 'deviceHash' | 'state' | 'trusted'> & {
      newEmail?: string
      ttlMs: number
    },
  ): Promise<Challenge | undefined> {
    const { ttlMs, newEmail, ...rest } = fields
    const createdAt = now()
    const challenge: Challenge = {
      ...rest,
      id: randomUUID(),
      newEmail: newEmail ?? null,
      requester: requesterOf(request),
      codeHmac: null,
      newCodeHmac: null,
      attempts: 0,
      sends: 0,
      mails: 0,
      guesses: 0,
      sentAt: null,
      expiresAt: new Date(createdAt.getTime() + ttlMs),
      createdAt,
    }
    const outcome = await storage.auth.createChallenge(challenge, budget())
    if (outcome === 'created') return challenge
    await refuseBudget(reply, outcome)
    return undefined
  }

  const resendAt = (challenge: Pick<Challenge, 'sentAt'>) =>
    challenge.sentAt ? new Date(challenge.sentAt.getTime() + RESEND_MS).toISOString() : null

  /** The login challenge `id` started on `device` (when given), or undefined with 404 / 403 sent. */
  async function loginOf(reply: FastifyReply, id: string, device?: string): Promise<Challenge | undefined> {
    const challenge = await storage.auth.challenge(id)
    if (challenge?.kind !== 'login') {
      await reply.code(404).send({ error: 'This login is unknown or has ended; start again' })
      return undefined
    }
    if (device !== undefined && challenge.deviceHash !== sha256Hex(device)) {
      await reply.code(403).send({ error: 'This login was started on another device' })
      return undefined
    }
    return challenge
  }

  return { budget, budgetRefusals, refuseBudget, startChallenge, resendAt, loginOf }
}
