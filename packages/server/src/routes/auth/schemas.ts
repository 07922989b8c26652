// The auth routes' request and answer shapes, and the small helpers their handlers share (a new code, the bearer
// token of a request, hashes compared in constant time).
import { randomInt, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { getAddress } from 'viem'
import { z } from 'zod'
import { errorBody, text } from '../../schemas.ts'

export const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
/** Six digits, each equally likely. */
export const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0')

export const email = text('email', 254)
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.email({ error: 'email must be an e-mail address' }))
export const device = z
  .string({ error: 'device must be a string' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'device must be 43 base64url characters (32 random bytes)')
export const code = z.string({ error: 'code must be a string' }).regex(/^\d{6}$/, 'code must be 6 digits')
export const idParams = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/, 'id must be a login id from POST /v1/auth/login'),
})
/** A Shamir share of a 32-byte key: 33 bytes (the library's x coordinate last), base64. */
export const share = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .regex(/^[A-Za-z0-9+/]{44}$/, `${field} must be a 33-byte share as base64`)
    .transform((value) => new Uint8Array(Buffer.from(value, 'base64')))
export const address = z
  .string({ error: 'address must be a string' })
  .regex(/^0x[0-9a-fA-F]{40}$/, 'address must be 0x and 40 hex characters')
  .transform((value) => getAddress(value.toLowerCase()))
export const boxText = (field: string, max: number) =>
  z
    .string({ error: `passphraseBox.${field} must be a string` })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, `passphraseBox.${field} must be base64`)
    .max(max, `passphraseBox.${field} must be at most ${max} characters`)
/** The recovery share sealed in the frame under the user's passphrase; the server keeps it as given. */
export const passphraseBox = z.object({
  kdf: z.literal('pbkdf2-sha256', { error: 'passphraseBox.kdf must be pbkdf2-sha256' }),
  iterations: z
    .number({ error: 'passphraseBox.iterations must be a number' })
    .int('passphraseBox.iterations must be an integer')
    .min(600_000, 'passphraseBox.iterations must be at least 600000')
    .max(10_000_000, 'passphraseBox.iterations must be at most 10000000'),
  salt: boxText('salt', 64),
  iv: boxText('iv', 32),
  ciphertext: boxText('ciphertext', 200),
})

export const authError = errorBody.extend({
  reason: z
    .enum(['wrong', 'expired', 'used', 'locked', 'device', 'wait', 'quota', 'verify', 'passphrase'])
    .optional()
    .meta({ description: 'What the frame tells the user, for a refused code or a refused mail' }),
  retryAfter: z.number().optional().meta({ description: 'Seconds until a new code may be asked for' }),
})
/** The header every use of a frame session carries: the secret of the device it was made on. */
export const DEVICE_HEADER = 'x-latch-device'

export const authHeaders = z.object({
  authorization: z.string().max(200).optional(),
  [DEVICE_HEADER]: z
    .string()
    .max(100)
    .optional()
    .meta({ description: 'The secret of the device the session was made on (the login’s `device`)' }),
})
/** 32 bytes, base64: what a passphrase derives to prove it (the frame's PBKDF2), never the key that opens its box. */
export const passphraseProof = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .regex(/^[A-Za-z0-9+/]{43}=$/, `${field} must be 32 bytes as base64`)
export const waiting = z.object({
  login: z.string(),
  waitingFor: z.enum(['code', 'done']),
  resendAt: z.string().nullable().meta({ description: 'When a new code may be asked for' }),
})

export const shareContext = (kind: 'auth' | 'recovery', accountId: string) =>
  `latch:${kind}-share:${accountId}`
/** Two hex digests compared in constant time. */
export const hashesEqual = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
export const bearer = (request: FastifyRequest) =>
  /^Bearer\s+([A-Za-z0-9_-]{43})$/i.exec(request.headers.authorization ?? '')?.[1]
