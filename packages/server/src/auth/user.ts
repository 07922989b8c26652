import { z } from 'zod'
import type { AuthAccount, AuthSession } from '../storage/auth.ts'

/** The logged-in user as the frame reads it (SPEC §2's account `user` and `socialProvider`). */
export const user = z.object({
  id: z.string(),
  email: z
    .string()
    .nullable()
    .meta({ description: 'Null for an account a social login without a verified e-mail made' }),
  address: z.string().nullable().meta({ description: 'Null until the frame has stored the key' }),
  socialProvider: z
    .string()
    .nullable()
    .meta({ description: 'The social login of this session (google, github…); null for an e-mail login' }),
  username: z
    .string()
    .nullable()
    .meta({ description: 'The handle (or e-mail) the social provider gave, for the account’s line' }),
})

export type User = z.infer<typeof user>

/** The user of `account`, logged in by an e-mail code or by the social login `social`. */
export const userOf = (account: AuthAccount, social: AuthSession['social'] = null): User => ({
  id: account.id,
  email: account.email,
  address: account.address,
  socialProvider: social?.provider ?? null,
  username: social ? (social.username ?? social.email) : null,
})
