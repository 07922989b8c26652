import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** Telegram's answer was refused: the message names why, for the visitor. */
export class TelegramRefusal extends Error {
  override name = 'TelegramRefusal'
}

/** Who Telegram says logged in. */
export interface TelegramUser {
  /** Telegram's user id (a positive integer, as text). */
  id: string
  /** `@username`, else the first and last name. */
  handle: string
}

/** Login data older than this is refused (issue 20: "rejects data older than a day"). */
export const TELEGRAM_DATA_MAX_AGE_S = 24 * 60 * 60
/** A clock this far ahead of ours is tolerated. */
const CLOCK_SKEW_S = 5 * 60

/** `123456:AAE…`: the bot's id before the colon, its secret after. */
export const TELEGRAM_BOT_TOKEN = /^(\d{1,20}):[A-Za-z0-9_-]{30,100}$/

/** The bot's id, which Telegram's login page is asked for (`bot_id`). */
export const botIdOf = (token: string) => token.split(':')[0] ?? ''

/**
 * Checks the Login Widget's data (`id, first_name, last_name, username, photo_url, auth_date, hash`): `hash` must be
 * the HMAC-SHA256 of the other fields (`key=value`, sorted by key, one per line) under the SHA-256 of the bot's
 * token, and `auth_date` at most a day old. Answers the user; throws `TelegramRefusal` in words.
 *
 * @example
 * verifyTelegramLogin({ id: '42', first_name: 'Ada', auth_date: '1795700000', hash: '…' }, botToken, new Date())
 */
export function verifyTelegramLogin(
  data: Readonly<Record<string, string>>,
  botToken: string,
  now: Date,
): TelegramUser {
  const { hash, ...fields } = data
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) throw new TelegramRefusal('Telegram’s answer carries no hash')
  const secret = createHash('sha256').update(botToken).digest()
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n')
  const expected = createHmac('sha256', secret).update(checkString).digest()
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex')))
    throw new TelegramRefusal('Telegram’s answer is not signed for this bot')
  const authDate = Number(fields.auth_date)
  if (!/^\d{1,12}$/.test(fields.auth_date ?? ''))
    throw new TelegramRefusal('Telegram’s answer has no auth_date')
  const age = now.getTime() / 1000 - authDate
  if (age > TELEGRAM_DATA_MAX_AGE_S) throw new TelegramRefusal('Telegram’s answer is more than a day old')
  if (age < -CLOCK_SKEW_S) throw new TelegramRefusal('Telegram’s answer is dated in the future')
  if (!/^[1-9]\d{0,19}$/.test(fields.id ?? '')) throw new TelegramRefusal('Telegram’s answer has no user id')
  const name = [fields.first_name, fields.last_name].filter(Boolean).join(' ')
  return {
    id: fields.id as string,
    handle: fields.username ? `@${fields.username}` : name || `Telegram ${fields.id}`,
  }
}
