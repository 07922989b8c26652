// Names: `<label>.<zone>`, registered by a signature of the address that owns it. Pure rules.
import { DEFAULT_NAME_ZONE, labelProblem } from '@latch/core/names'
import { z } from 'zod'
import { text } from '../schemas.ts'

/** A registration message may be this old when it arrives… */
export const MESSAGE_MAX_AGE_S = 10 * 60
/** …and this far in the future (clocks differ). */
export const MESSAGE_MAX_AHEAD_S = 60

export type NameCheck =
  | { ok: true; name: string; label: string; zone: string }
  | { ok: false; problem: string }

/**
 * Reads a name, full (`alice.latch.id`) or a bare label in `zone`: trimmed and lower-cased, in a configured zone.
 *
 * @example
 * checkName(' Alice ', ['latch.id']) // { ok: true, name: 'alice.latch.id', label: 'alice', zone: 'latch.id' }
 */
export function checkName(input: string, zones: readonly string[], zone = DEFAULT_NAME_ZONE): NameCheck {
  const text = input.trim().toLowerCase()
  const inZone = zones.find((candidate) => text.endsWith(`.${candidate}`))
  const label = inZone ? text.slice(0, -inZone.length - 1) : text
  const nameZone = inZone ?? zone
  if (!zones.includes(nameZone)) return { ok: false, problem: `Unknown zone: ${nameZone}` }
  if (label.includes('.')) return { ok: false, problem: `Unknown zone in ${text}` }
  const problem = labelProblem(label)
  if (problem) return { ok: false, problem }
  return { ok: true, name: `${label}.${nameZone}`, label, zone: nameZone }
}

/** Attributes a name may carry (avatar, bio…). */
const MAX_ATTRIBUTES = 20

/** The message a wallet signs to register a name (JSON). */
export const registrationMessage = z.object({
  name: z.string({ error: 'message.name must be a string' }),
  attributes: z
    // Keys and values are free text like every other field (bounded, no NUL, no lone surrogate: schemas.ts).
    .record(text('message.attributes key', 64), text('message.attributes value', 1000), {
      error: (issue) =>
        issue.code === 'invalid_key'
          ? issue.issues[0]?.message
          : issue.code === 'invalid_type'
            ? 'message.attributes must map strings to strings'
            : undefined,
    })
    .refine((value) => Object.keys(value).length <= MAX_ATTRIBUTES, {
      error: `message.attributes may hold at most ${MAX_ATTRIBUTES} entries`,
    })
    .optional(),
  timestamp: z
    .number({ error: 'message.timestamp must be a number (unix seconds)' })
    .int('message.timestamp must be whole seconds'),
})

export type RegistrationMessage = z.output<typeof registrationMessage>

/** Parses the signed message: JSON naming the name and the time. Answers the message or a problem. */
export function parseRegistrationMessage(
  text: string,
): { ok: true; message: RegistrationMessage } | { ok: false; problem: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, problem: 'message must be JSON with name, attributes and timestamp' }
  }
  const parsed = registrationMessage.safeParse(json)
  if (!parsed.success) return { ok: false, problem: parsed.error.issues[0]!.message }
  return { ok: true, message: parsed.data }
}

/** Why a message's timestamp is not acceptable at `now`, or undefined. */
export function timestampProblem(timestampS: number, now: Date): string | undefined {
  const nowS = Math.floor(now.getTime() / 1000)
  if (timestampS < nowS - MESSAGE_MAX_AGE_S) return 'Message timestamp is too old'
  if (timestampS > nowS + MESSAGE_MAX_AHEAD_S) return 'Message timestamp is in the future'
  return undefined
}

/**
 * Names to offer beside `label` (all valid labels, `label` first): a few variants a visitor might take.
 *
 * @example
 * suggestionLabels('alice').slice(0, 3) // ['alice', 'alice1', 'alice2']
 */
export function suggestionLabels(label: string, year = new Date().getFullYear()): string[] {
  const base = label.slice(0, 28).replace(/-+$/, '')
  const candidates = [
    label,
    `${base}1`,
    `${base}2`,
    `${base}${year % 100}`,
    `${base}-app`,
    `the-${base}`.slice(0, 32),
    `${base}3`,
    `${base}x`,
    `${base}7`,
    `${base}99`,
  ]
  return [...new Set(candidates)].filter((candidate) => !labelProblem(candidate))
}
