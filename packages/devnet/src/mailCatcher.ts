// A real SMTP server for development and tests (smtp-server, mailparser): it accepts every message, keeps the
// last ones in memory for tests to read, and tells `onMail` (npm start prints the codes and links). It delivers
// nothing anywhere and binds to 127.0.0.1 by default.
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface CaughtMail {
  from: string
  /** The envelope's recipients, lower-case. */
  to: string[]
  subject: string
  text: string
  receivedAt: Date
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`: the server's SMTP_URL. */
  url: string
  port: number
  /** The messages kept (the last `keep`), oldest first. */
  messages(): CaughtMail[]
  /**
   * The first message to `to` received after `since` (default: now) that `match` accepts, as soon as it arrives;
   * rejects after `timeoutMs` (default 10 s).
   */
  waitFor(
    to: string,
    options?: { since?: Date; timeoutMs?: number; match?: (mail: CaughtMail) => boolean },
  ): Promise<CaughtMail>
  close(): Promise<void>
}

export interface MailCatcherOptions {
  /** Default 2525; 0 picks a free port. */
  port?: number
  host?: string
  /** Messages kept (default 50). */
  keep?: number
  onMail?: (mail: CaughtMail) => void
}

/** The largest message accepted: login mails are a few KiB. */
const MAX_MESSAGE_BYTES = 256 * 1024

/**
 * Starts the catcher.
 *
 * @example
 * const catcher = await startMailCatcher({ port: 0 })
 * const mail = await catcher.waitFor('alice@example.com')
 * codeOf(mail) // '123456'
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const keep = options.keep ?? 50
  const kept: CaughtMail[] = []
  const waiters = new Set<(mail: CaughtMail | undefined) => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    banner: 'Latch development mail catcher: nothing is delivered',
    // Closing waits this long for connected clients (a pooled mailer keeps its connections open) to leave.
    closeTimeout: 1000,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (stream.sizeExceeded) return callback(new Error('Message is too large'))
          const mail: CaughtMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: new Date(),
          }
          kept.push(mail)
          if (kept.length > keep) kept.splice(0, kept.length - keep)
          for (const waiter of waiters) waiter(mail)
          options.onMail?.(mail)
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  server.on('error', () => {
    // A client's broken connection; the server keeps serving the others.
  })
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(options.port ?? 2525, options.host ?? '127.0.0.1', () => {
      server.server.off('error', reject)
      resolve()
    })
  })
  const { address, port } = server.server.address() as AddressInfo
  return {
    url: `smtp://${address}:${port}`,
    port,
    messages: () => [...kept],
    waitFor(to, waitOptions = {}) {
      const recipient = to.toLowerCase()
      const since = waitOptions.since ?? new Date()
      const wanted = (mail: CaughtMail) =>
        mail.to.includes(recipient) &&
        mail.receivedAt.getTime() >= since.getTime() &&
        (waitOptions.match?.(mail) ?? true)
      const already = kept.find(wanted)
      if (already) return Promise.resolve(already)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error(`No mail to ${recipient} within ${waitOptions.timeoutMs ?? 10_000} ms`))
        }, waitOptions.timeoutMs ?? 10_000)
        const waiter = (mail: CaughtMail | undefined) => {
          if (mail === undefined) {
            clearTimeout(timer)
            waiters.delete(waiter)
            reject(new Error(`The mail catcher closed before a mail to ${recipient} came`))
            return
          }
          if (!wanted(mail)) return
          clearTimeout(timer)
          waiters.delete(waiter)
          resolve(mail)
        }
        waiters.add(waiter)
      })
    },
    close: () => {
      for (const waiter of waiters) waiter(undefined)
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The 6-digit code a login or e-mail change mail carries (its subject starts with it). */
export function codeOf(mail: CaughtMail): string {
  const code = /^(\d{6}) /.exec(mail.subject)?.[1]
  if (!code) throw new Error(`The mail "${mail.subject}" carries no code`)
  return code
}

/** The device link a new-device mail carries. */
export function deviceLinkOf(mail: CaughtMail): string {
  const link = /https?:\/\/\S+\/v1\/auth\/device\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0]
  if (!link) throw new Error(`The mail "${mail.subject}" carries no device link`)
  return link
}
