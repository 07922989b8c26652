// The HTTP API's schemas (zod): they validate requests, shape responses and make the OpenAPI document at /docs.
// They restate packages/core/src/api/types.ts, which the server may not import; test/schemas.test.ts checks that
// the two agree.
import { z } from 'zod'

/** Wallet and image ids: what the Explorer uses (hex), the synthetic and default datasets' slugs, currency codes. */
export const idPattern = /^[A-Za-z0-9._-]{1,128}$/
/** CAIP-2: namespace (3–8 of a-z, 0-9, -) and reference (1–32 of A-Z, a-z, 0-9, -, _). */
export const caip2Pattern = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** NUL: PostgreSQL's text cannot hold it, so no field of this API may carry one. */
export const hasNul = (value: string) => value.includes('\u0000')
/**
 * A lone UTF-16 surrogate: JSON can escape one, but PostgreSQL's jsonb refuses it (22P02), so text that may be stored
 * as JSON must not hold one.
 */
export const hasLoneSurrogate = (value: string) =>
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)
/** C0 and C1 control characters and DEL: no place in an identifier. */
const controlCharacter = /\p{Cc}/u

/**
 * Free text (a URL, a search, a message): at most `max` characters, no NUL and no lone surrogate. A repeated query
 * parameter arrives as an array and is refused.
 *
 * @example
 * text('search', 100).parse('rain') // 'rain'
 */
export function text(field: string, max: number) {
  return z
    .string({ error: `${field} must be a single string` })
    .max(max, `${field} must be at most ${max} characters`)
    .refine((value) => !hasNul(value), `${field} must not contain NUL characters`)
    .refine(
      (value) => !hasLoneSurrogate(value),
      `${field} must be well-formed Unicode (it holds a lone surrogate)`,
    )
}

/** An identifier or label (project id, SDK type and version): printable, at most `max` characters. */
export function label(field: string, max: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be a single string`,
    })
    .max(max, `${field} must be at most ${max} characters`)
    .refine((value) => !controlCharacter.test(value), `${field} must be printable (no control characters)`)
}

/** The latest instant PostgreSQL and ISO 8601's four-digit years both hold: 9999-12-31T23:59:59.999Z. */
export const MAX_TIME_MS = 253_402_300_799_999

/** Whether a date is a real one between 1970 and the year 9999 (what the database stores without surprise). */
export function isStorableDate(date: Date): boolean {
  const time = date.getTime()
  return Number.isFinite(time) && time >= 0 && time <= MAX_TIME_MS
}

function integer(field: string, min: number, max: number, fallback: number) {
  const message = `${field} must be an integer from ${min} to ${max}`
  return z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message)
    .optional()
    .transform((value) => value ?? fallback)
    .meta({ description: `${message} (default ${fallback})` })
}

/** A comma-separated list: items trimmed, empty ones dropped, duplicates removed, sorted (one cache key per set). */
function list(field: string, item: RegExp, itemName: string, maxItems: number) {
  return z
    .string({ error: `${field} must be one comma-separated string` })
    .max(maxItems * 130, `${field} is too long`)
    .transform((value, context) => {
      const items = [
        ...new Set(
          value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        ),
      ].sort()
      const bad = items.find((part) => !item.test(part))
      if (bad !== undefined) {
        context.issues.push({
          code: 'custom',
          input: value,
          message: `${field} contains an invalid ${itemName}: ${JSON.stringify(bad.slice(0, 140))}`,
        })
        return z.NEVER
      }
      if (items.length > maxItems) {
        context.issues.push({
          code: 'custom',
          input: value,
          message: `${field} lists more than ${maxItems} items`,
        })
        return z.NEVER
      }
      return items
    })
    .optional()
}

/** Sent with every request by the SDK; counted per project and SDK version. */
export const sdkQuery = z.object({
  projectId: label('projectId', 100).optional().meta({ description: 'Project id' }),
  st: label('st', 100).optional().meta({ description: 'SDK type, e.g. latch' }),
  sv: label('sv', 100).optional().meta({ description: 'SDK version' }),
})

export const getWalletsQuery = sdkQuery.extend({
  page: integer('page', 1, 1_000_000, 1),
  entries: integer('entries', 1, 100, 40),
  include: list('include', idPattern, 'wallet id', 500).meta({ description: 'Only these wallet ids' }),
  exclude: list('exclude', idPattern, 'wallet id', 500).meta({ description: 'Never these wallet ids' }),
  search: text('search', 1000)
    .transform((value) => value.trim())
    .refine((value) => value.length <= 100, 'search must be at most 100 characters')
    .transform((value) => value || undefined)
    .optional()
    .meta({ description: 'Case-insensitive part of the name or rdns (trimmed; empty means no search)' }),
  badge_type: z.enum(['certified', 'none'], { error: 'badge_type must be certified or none' }).optional(),
  chains: list('chains', caip2Pattern, 'CAIP-2 chain id', 100).meta({
    description: 'CAIP-2 ids: wallets supporting any of them',
  }),
})

export const walletListing = z.object({
  id: z.string(),
  name: z.string(),
  image_id: z.string().nullable(),
  image_url: z.string().nullable(),
  rdns: z.string().nullable(),
  chains: z.array(z.string()),
  mobile_link: z.string().nullable(),
  desktop_link: z.string().nullable(),
  webapp_link: z.string().nullable(),
  app_store: z.string().nullable(),
  play_store: z.string().nullable(),
  chrome_store: z.string().nullable(),
  homepage: z.string().nullable(),
  injected: z.array(z.object({ namespace: z.string(), injected_id: z.string() })),
  badge_type: z.enum(['certified', 'none']),
  order: z.number(),
})

export const walletsPage = z.object({
  count: z.number().int().meta({ description: 'Wallets matching the query on all pages' }),
  data: z.array(walletListing),
})

export const imageParams = z.object({
  id: z
    .string()
    .regex(idPattern, 'id must be 1 to 128 letters, digits, ".", "_" or "-"')
    .meta({ description: 'Image id' }),
})

export const errorBody = z.object({
  error: z.string(),
  field: z.string().optional().meta({ description: 'The request field that was refused' }),
})

export const analyticsQuery = sdkQuery.extend({
  projectId: label('projectId', 100).min(1, 'projectId is required'),
})

export const analyticsConfig = z.object({ isAnalyticsEnabled: z.boolean() })

export const analyticsEventName = z.enum([
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'SELECT_WALLET',
  'CONNECT_SUCCESS',
  'CONNECT_ERROR',
  'DISCONNECT_SUCCESS',
  'SWITCH_NETWORK',
])

export const analyticsEvent = z.object({
  eventId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be a UUID (8 to 128 letters, digits, "-" or "_")'),
  url: text('url', 2048),
  domain: text('domain', 255),
  timestamp: z
    .number()
    .int()
    .min(0)
    .max(MAX_TIME_MS, 'timestamp must be milliseconds since 1970, before the year 10000')
    .meta({ description: 'Milliseconds since the epoch' }),
  props: z.object({
    type: z.literal('track'),
    event: analyticsEventName,
    address: text('address', 128).optional(),
    properties: z
      .record(
        text('property name', 100),
        z.union([text('property value', 1000), z.number(), z.boolean(), z.null()]),
      )
      .refine((value) => Object.keys(value).length <= 50, 'must have at most 50 keys')
      .optional(),
  }),
})

export const analyticsBody = z.union([analyticsEvent, z.array(analyticsEvent).min(1).max(100)])

export const analyticsAccepted = z.object({
  accepted: z.number().int().meta({ description: 'Events stored (resent ones included)' }),
})

export const health = z.object({ status: z.enum(['ok', 'unavailable']) })
