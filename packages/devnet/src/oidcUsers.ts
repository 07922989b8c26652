// The local issuers' test users: any login name of 1 to 32 of a-z 0-9 . _ - is a user, with the same claims and ids
// on every run.
import { createHash } from 'node:crypto'

export type LocalIssuerName = 'google' | 'apple' | 'discord' | 'github' | 'x' | 'facebook'

/** What a test user's claims are, on every issuer. */
export interface LocalTestUser {
  /** The login name, lower-case: also the handle (GitHub login, Discord and X username). */
  login: string
  /** The display name: `Alice Smith` for `alice.smith`. */
  name: string
  /** `<login>@latch.test`; none for a login starting with `noemail`. */
  email: string | undefined
  /** False for a login starting with `unverified` or `noemail`. */
  emailVerified: boolean
  /** The user's id on each issuer, a decimal string of the real provider's length (GitHub's is a number there). */
  subjects: Readonly<Record<LocalIssuerName, string>>
}

/**
 * The issuers `npm start` and the e2e fixtures run: Google and Apple as OpenID providers, the OAuth 2 only shapes of
 * the others.
 */
export const localIssuerNames: readonly LocalIssuerName[] = [
  'google',
  'apple',
  'discord',
  'github',
  'x',
  'facebook',
]

/** The length of the real providers' user ids, so that code storing them meets realistic values. */
const subjectDigits: Record<LocalIssuerName, number> = {
  google: 21,
  apple: 20,
  discord: 18,
  github: 9,
  x: 19,
  facebook: 17,
}

const loginPattern = /^[a-z0-9._-]{1,32}$/

/**
 * The claims the local issuers give the test user who logs in as `login`: tests compute the e-mails and ids
 * they expect with it.
 *
 * @example
 * testUserOf('Alice.Smith')
 * // { login: 'alice.smith', name: 'Alice Smith', email: 'alice.smith@latch.test', emailVerified: true, subjects: { google: '1…', … } }
 * testUserOf('noemail-bob').email // undefined
 */
export function testUserOf(login: string): LocalTestUser {
  const user = userOf(login)
  if (!user) throw new Error(`A test login is 1 to 32 of a-z 0-9 . _ - (got "${login}")`)
  return user
}

export function userOf(typed: string): LocalTestUser | undefined {
  const login = typed.toLowerCase()
  if (!loginPattern.test(login)) return undefined
  const email = login.startsWith('noemail') ? undefined : `${login}@latch.test`
  const words = login.split(/[._-]/).filter((word) => word !== '')
  return {
    login,
    name: words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join(' ') || login,
    email,
    emailVerified: email !== undefined && !login.startsWith('unverified'),
    subjects: Object.fromEntries(
      localIssuerNames.map((name) => [name, subjectOf(name, login)]),
    ) as LocalTestUser['subjects'],
  }
}

function subjectOf(name: LocalIssuerName, login: string): string {
  const hash = BigInt(`0x${createHash('sha256').update(`${name}:${login}`).digest('hex')}`)
  const floor = 10n ** BigInt(subjectDigits[name] - 1)
  return (floor + (hash % (9n * floor))).toString()
}
