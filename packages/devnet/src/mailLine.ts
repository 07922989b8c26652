import type { CaughtMail } from './mailCatcher.ts'

/** What `latch-mail` prints of a mail: its recipients, its subject (a login code leads it) and any link it carries. */
export function mailLine(mail: CaughtMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0]
  return `mail to ${mail.to.join(', ')}: ${mail.subject}${link ? ` (${link})` : ''}`
}
