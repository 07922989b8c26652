// The e-mails of the e-mail login, sent over SMTP with nodemailer: a one-time code, a link that approves a new
// device, the two codes of an e-mail change. Plain text and a small HTML part, no images, no tracking.
import { createTransport } from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
  close(): void
}

/**
 * A mailer over the SMTP server at `smtpUrl` (`smtp://user:pass@host:587`, `smtps://…` for implicit TLS), sending
 * from `from`. Each send settles within `timeoutMs` (default 15 s).
 *
 * @example
 * const mailer = createMailer('smtp://127.0.0.1:2525', 'Latch <login@localhost>')
 */
export function createMailer(smtpUrl: string, from: string, timeoutMs = 15_000): Mailer {
  // Pooled: a burst of logins reuses a few open connections rather than opening one per mail.
  const transport = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 5,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  })
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
    close: () => transport.close(),
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

function mail(
  to: string,
  subject: string,
  lines: readonly string[],
  link?: { href: string; label: string },
): Mail {
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`)
  if (link) paragraphs.splice(1, 0, `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`)
  return {
    to,
    subject,
    text: [lines[0], ...(link ? [`${link.label}: ${link.href}`] : []), ...lines.slice(1)].join('\n\n'),
    html: `<!doctype html><html><body>${paragraphs.join('')}</body></html>`,
  }
}

/** The one-time code of a login. */
export function loginCodeMail(to: string, code: string, validMinutes: number): Mail {
  return mail(to, `${code} is your login code`, [
    `Your login code is ${code}.`,
    `It works once, within ${validMinutes} minutes. If you did not try to log in, ignore this e-mail: nobody can log in without the code.`,
  ])
}

/** The link that approves a new device before its login code is mailed. */
export function deviceLinkMail(to: string, href: string, validMinutes: number): Mail {
  return mail(
    to,
    'Approve a new device',
    [
      'Someone is logging in to your wallet from a device it has not seen before.',
      `If it is you, approve the device within ${validMinutes} minutes; a login code follows. If it is not you, ignore this e-mail.`,
    ],
    { href, label: 'Approve this device' },
  )
}

/** One of the two codes of an e-mail change: to the current address, or to the new one. */
export function changeCodeMail(
  to: string,
  code: string,
  which: 'current' | 'new',
  newEmail: string,
  validMinutes: number,
): Mail {
  return mail(to, `${code} is your code to change your e-mail`, [
    which === 'current'
      ? `Your code to move your wallet's e-mail to ${newEmail} is ${code}.`
      : `Your code to confirm ${newEmail} as your wallet's new e-mail is ${code}.`,
    `It works once, within ${validMinutes} minutes. If you did not ask for this, ignore this e-mail.`,
  ])
}

/**
 * What an address that has an account of its own gets when another account asks to move to it: no code (the change
 * cannot complete), and the asker is answered as for any address, so the answer does not say which addresses have
 * accounts.
 */
export function addressTakenMail(to: string): Mail {
  return mail(to, 'Someone tried to move a wallet to this e-mail', [
    `A wallet account asked to use ${to} as its e-mail, but this address already has a wallet account of its own, so nothing changes.`,
    'If it was you, log in with this address instead. If not, ignore this e-mail.',
  ])
}
