// The e-mail login's numbers: how long codes and links last, how many tries and mails a login, an address, a
// requester and the server may have.
/** What logins may mail in an hour: per requester (a client address, an IPv6 one as its /64), and all together. */
export interface LoginBudgets {
  mailsPerRequester: number
  mailsPerAddress: number
  mailsPerHour: number
}

/** A code is good for 10 minutes and 5 attempts; a new one may be asked for after 30 s, 5 times per login. */
export const CODE_TTL_MS = 10 * 60_000
export const MAX_ATTEMPTS = 5
export const RESEND_MS = 30_000
export const MAX_SENDS = 5
/** A device link is good for 20 minutes. */
export const DEVICE_LINK_TTL_MS = 20 * 60_000
/**
 * Logins and changes one address may start per hour from one requester (a client address, an IPv6 one as its /64),
 * or from one device the account knows (the owner's device counts only its own starts).
 */
export const MAX_CHALLENGES_PER_HOUR = 10
/** Logins of one address all strangers together may start per hour: far above one requester's 10. */
export const MAX_CHALLENGES_PER_ADDRESS = 100
/**
 * E-mails one requester's logins may cause per hour, whatever their addresses, all strangers' logins of one address
 * together (far above one requester's), and all strangers' logins together (the owner's known devices and sessions
 * are not counted: their mails go to their own address).
 */
export const loginBudgets: LoginBudgets = { mailsPerRequester: 30, mailsPerAddress: 100, mailsPerHour: 2_000 }
/** Wrong codes an address's logins from devices it does not know may take per day, however many logins. */
export const GUESSES_PER_DAY = 20
export const HOUR_MS = 60 * 60_000
export const DAY_MS = 24 * HOUR_MS
/** How long a frame session lasts by default: 30 days. */
export const SESSION_MS = 30 * 24 * HOUR_MS
export const PURGE_INTERVAL_MS = 10 * 60_000
