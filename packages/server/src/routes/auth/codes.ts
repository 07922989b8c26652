// A code tried against its challenge: refused in words, or the HMAC it matched.
import type { FastifyReply } from 'fastify'
import { codeMatches } from '../../auth/secrets.ts'
import type { Challenge } from '../../storage/auth.ts'
import type { AuthBase } from './base.ts'
import { DAY_MS, GUESSES_PER_DAY, MAX_ATTEMPTS } from './rules.ts'

/** Codes checked against their challenge, each attempt counted first. */
export function createCodes(base: AuthBase) {
  const { storage, now, hmacKey } = base
  /** Why a challenge takes no code now, as the refusal to answer; undefined when it does. */
  function codeRefusal(challenge: Challenge): [number, string, 'used' | 'locked' | 'expired'] | undefined {
    if (challenge.state === 'done') return [409, 'This code has already been used; ask for a new one', 'used']
    if (challenge.attempts >= MAX_ATTEMPTS) return [429, 'Too many wrong codes; ask for a new code', 'locked']
    if (challenge.expiresAt.getTime() <= now().getTime())
      return [410, 'This code has expired; ask for a new one', 'expired']
    return undefined
  }

  /**
   * Checks a code against its challenge, counting the attempt first in one statement (so concurrent guesses cannot
   * share one count): the HMAC it matched, or false with the refusal sent.
   */
  async function checkCode(
    reply: FastifyReply,
    challenge: Challenge,
    codes: { code: string; newCode?: string },
  ): Promise<string | false> {
    const early = codeRefusal(challenge)
    if (early) return refuseCode(reply, ...early)
    // A stranger's login spends its address's budget of wrong codes too, and a change its new address's.
    const guessed = challenge.kind === 'login' ? challenge.email : challenge.newEmail
    const guesses =
      !challenge.trusted && guessed
        ? { email: guessed, since: new Date(now().getTime() - DAY_MS), max: GUESSES_PER_DAY }
        : undefined
    const claimed = await storage.auth.claimAttempt(challenge.id, now(), MAX_ATTEMPTS, guesses)
    if (claimed === 'budget')
      return refuseCode(
        reply,
        429,
        'Too many wrong codes were tried for this address today; start again tomorrow',
        'locked',
      )
    if (!claimed) {
      const current = await storage.auth.challenge(challenge.id)
      return refuseCode(
        reply,
        ...((current && codeRefusal(current)) ?? [
          409,
          'This code has already been used; ask for a new one',
          'used',
        ]),
      )
    }
    const right =
      codeMatches(hmacKey, challenge.id, codes.code, claimed.codeHmac ?? '') &&
      (challenge.kind === 'login' ||
        codeMatches(hmacKey, `${challenge.id}:new`, codes.newCode ?? '', claimed.newCodeHmac ?? ''))
    if (right && claimed.codeHmac) return claimed.codeHmac
    const left = MAX_ATTEMPTS - claimed.attempts
    if (left <= 0) return refuseCode(reply, 429, 'Too many wrong codes; ask for a new code', 'locked')
    return refuseCode(reply, 400, `Wrong code; ${left} ${left === 1 ? 'attempt' : 'attempts'} left`, 'wrong')
  }

  async function refuseCode(
    reply: FastifyReply,
    status: number,
    error: string,
    reason: 'wrong' | 'expired' | 'used' | 'locked',
  ): Promise<false> {
    await reply.code(status).send({ error, field: 'code', reason })
    return false
  }

  return { codeRefusal, checkCode, refuseCode }
}
