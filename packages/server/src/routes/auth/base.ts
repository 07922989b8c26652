// What every part of the auth routes is given: their options, resolved (routes/auth.ts makes it).
import type { Mailer } from '../../auth/mail.ts'
import type { AuthSecrets } from '../../auth/secrets.ts'
import type { Storage } from '../../storage/types.ts'
import type { LoginBudgets } from './rules.ts'

/** What every part of the auth routes is given: their options, resolved. */
export interface AuthBase {
  storage: Storage
  mailer: Mailer | undefined
  secrets: AuthSecrets
  hmacKey: Uint8Array
  now: () => Date
  sessionMs: number
  budgets: LoginBudgets
  /** The frame's own base URL (its origin), which device links point at. */
  baseUrl: () => string
}
