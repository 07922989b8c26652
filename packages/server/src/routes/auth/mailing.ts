// Mailing a login's code or device link.
import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  addressTakenMail,
  changeCodeMail,
  deviceLinkMail,
  loginCodeMail,
  type Mail,
} from '../../auth/mail.ts'
import { codeHmac } from '../../auth/secrets.ts'
import type { Challenge, Resend } from '../../storage/auth.ts'
import type { Storage } from '../../storage/types.ts'
import { sha256Hex } from '../../tokens.ts'
import type { AuthBase } from './base.ts'
import { CODE_TTL_MS, DEVICE_LINK_TTL_MS, MAX_SENDS } from './rules.ts'
import { newCode } from './schemas.ts'

/** The login e-mails: codes, device links, and whether they could be sent. */
export function createMailing(base: AuthBase) {
  const { storage, now, mailer, hmacKey, baseUrl } = base
  /** Refuses with 503 when no SMTP server is configured, before anything is recorded. */
  async function mailUnavailable(reply: FastifyReply): Promise<boolean> {
    if (mailer) return false
    await reply.code(503).send({ error: 'E-mail login is not configured on this server (no SMTP_URL)' })
    return true
  }

  /** Sends mails; false when the SMTP server refused one or did not answer (logged). */
  async function deliver(request: FastifyRequest, ...mails: Mail[]): Promise<boolean> {
    try {
      for (const mail of mails) {
        if (!mailer) throw new Error('no SMTP_URL')
        await mailer.send(mail)
      }
      return true
    } catch (error) {
      request.log.error({ err: error }, 'could not send a login e-mail')
      return false
    }
  }

  const mailFailed = (reply: FastifyReply) =>
    reply.code(502).send({ error: 'The e-mail could not be sent; try again in a moment' })

  /**
   * Records a fresh code (two for a change) under `condition` and mails it: 'refused' when the condition no longer
   * held (another request sent one, or used the challenge, first), 'failed' when the mail could not be sent. A change
   * to an address `taken` by another account mails that address a notice instead of its code.
   */
  async function mailCode(
    request: FastifyRequest,
    challenge: Challenge,
    condition: Parameters<Storage['auth']['codeSent']>[2],
    taken = false,
  ): Promise<'sent' | 'refused' | 'failed'> {
    const sentAt = now()
    const minutes = CODE_TTL_MS / 60_000
    const first = newCode()
    const second = challenge.kind === 'change' ? newCode() : undefined
    const recorded = await storage.auth.codeSent(
      challenge.id,
      {
        codeHmac: codeHmac(hmacKey, challenge.id, first),
        ...(second ? { newCodeHmac: codeHmac(hmacKey, `${challenge.id}:new`, second) } : {}),
        sentAt,
        expiresAt: new Date(sentAt.getTime() + CODE_TTL_MS),
      },
      condition,
    )
    if (!recorded) return 'refused'
    const newEmail = challenge.newEmail ?? ''
    const sent =
      challenge.kind === 'login'
        ? await deliver(request, loginCodeMail(challenge.email, first, minutes))
        : await deliver(
            request,
            changeCodeMail(challenge.email, first, 'current', newEmail, minutes),
            taken
              ? addressTakenMail(newEmail)
              : changeCodeMail(newEmail, second ?? '', 'new', newEmail, minutes),
          )
    return sent ? 'sent' : 'failed'
  }

  /**
   * Records a new link approving the challenge's device (a login on a device new to its account) under `condition`
   * and mails it: 'refused' when the condition no longer held, 'failed' when the mail could not be sent.
   */
  async function mailLink(
    request: FastifyRequest,
    challenge: Challenge,
    condition: Resend,
  ): Promise<'sent' | 'refused' | 'failed'> {
    const sentAt = now()
    const token = randomBytes(32).toString('base64url')
    const expiresAt = new Date(sentAt.getTime() + DEVICE_LINK_TTL_MS)
    // The login itself expires as one waiting for a code would: nothing tells a stranger which it waits for.
    const codeExpiresAt = new Date(sentAt.getTime() + CODE_TTL_MS)
    if (
      !(await storage.auth.linkSent(
        challenge.id,
        { tokenHash: sha256Hex(token), sentAt, expiresAt, codeExpiresAt },
        condition,
      ))
    )
      return 'refused'
    const href = `${baseUrl()}/v1/auth/device?token=${token}`
    const sent = await deliver(request, deviceLinkMail(challenge.email, href, DEVICE_LINK_TTL_MS / 60_000))
    return sent ? 'sent' : 'failed'
  }

  /**
   * The first mail of a challenge just recorded (its code, or its device's link): false with the reply sent when it
   * could not be mailed.
   */
  async function mailFirst(
    request: FastifyRequest,
    reply: FastifyReply,
    challenge: Challenge,
    taken = false,
  ) {
    const first = { resendAfter: challenge.createdAt, maxSends: MAX_SENDS }
    const outcome =
      challenge.state === 'device'
        ? await mailLink(request, challenge, first)
        : await mailCode(request, challenge, { from: 'code', ...first }, taken)
    if (outcome === 'sent') return true
    await mailFailed(reply)
    return false
  }

  return { mailUnavailable, deliver, mailFailed, mailCode, mailLink, mailFirst }
}
