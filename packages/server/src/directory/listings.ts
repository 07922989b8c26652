import { z } from 'zod'
import { fieldName } from '../fieldName.ts'
import { DirectoryDataError } from './errors.ts'
import { caip2Pattern, directoryIdPattern } from './ids.ts'
import type { WalletRecord } from './records.ts'

// Browsers drop ASCII control characters and spaces before resolving a scheme, so `java\tscript:` runs too.
const scriptingScheme = /^(?:javascript|vbscript|data):/i

/** A link as the Explorer gives it: a string, possibly empty, null or absent. Never a scripting URL. */
const link = z
  .string()
  .refine(
    (value) =>
      !scriptingScheme.test(
        Array.from(value)
          .filter((char) => char > ' ')
          .join(''),
      ),
    {
      message: 'must not be a javascript:, vbscript: or data: URL',
    },
  )
  .nullish()

const id = z.string().regex(directoryIdPattern, { message: `must match ${directoryIdPattern}` })

const linkPair = z.object({ native: link, universal: link }).nullish()

/** One WalletConnect Explorer listing; lenient about absent optional parts, strict about types. */
const listingSchema = z.object({
  id,
  name: z.string().trim().min(1, { message: 'must not be empty' }),
  slug: z.string().nullish(),
  homepage: link,
  chains: z.array(z.string().regex(caip2Pattern, { message: 'must be a CAIP-2 network id' })).nullish(),
  image_id: z.union([z.literal(''), id]).nullish(),
  app: z
    .object({
      browser: link,
      ios: link,
      android: link,
      mac: link,
      windows: link,
      linux: link,
      chrome: link,
      firefox: link,
      safari: link,
      edge: link,
    })
    .nullish(),
  injected: z.array(z.object({ namespace: z.string(), injected_id: z.string() })).nullish(),
  rdns: z.string().nullish(),
  mobile: linkPair,
  desktop: linkPair,
  metadata: z
    .object({
      shortName: z.string().nullish(),
      colors: z.object({ primary: z.string().nullish(), secondary: z.string().nullish() }).nullish(),
    })
    .nullish(),
  badge_type: z.enum(['certified', 'none']).nullish(),
  order: z.number().int({ message: 'must be an integer' }).nullish(),
})

type Listing = z.infer<typeof listingSchema>

const fileSchema = z.object({
  listings: z.record(z.string(), z.unknown()),
  count: z.number().nullish(),
  total: z.number().nullish(),
})

/**
 * Validates a parsed Explorer listings document (`{ listings: { [id]: Listing }, count, total }`) and maps
 * each listing to a WalletRecord, in file order. `file` only names the source in errors.
 *
 * @example
 * parseListings(JSON.parse(await readFile('listings.json', 'utf8')), 'listings.json')[0].mobileLink
 */
export function parseListings(document: unknown, file: string): WalletRecord[] {
  const parsed = fileSchema.safeParse(document)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const field = fieldName(issue.path)
    throw new DirectoryDataError(`${file}: ${field || 'document'}: ${issue.message}`, { file, field })
  }
  const seen = new Set<string>()
  return Object.entries(parsed.data.listings).map(([key, raw], index) => {
    const listingId = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : key
    const listing = listingSchema.safeParse(raw)
    if (!listing.success) {
      const issue = listing.error.issues[0]!
      const field = fieldName(issue.path)
      throw new DirectoryDataError(`${file}: listing "${listingId}": ${field}: ${issue.message}`, {
        file,
        listingId,
        field,
      })
    }
    if (seen.has(listing.data.id)) {
      throw new DirectoryDataError(`${file}: listing "${listingId}": id: appears more than once`, {
        file,
        listingId,
        field: 'id',
      })
    }
    seen.add(listing.data.id)
    return toWalletRecord(listing.data, index + 1)
  })
}

function toWalletRecord(listing: Listing, position: number): WalletRecord {
  return {
    id: listing.id,
    name: listing.name,
    rdns: present(listing.rdns),
    imageId: present(listing.image_id),
    chains: [...new Set(listing.chains ?? [])],
    mobileLink: present(listing.mobile?.native) ?? present(listing.mobile?.universal),
    desktopLink: present(listing.desktop?.native) ?? present(listing.desktop?.universal),
    webappLink: present(listing.app?.browser),
    appStore: present(listing.app?.ios),
    playStore: present(listing.app?.android),
    chromeStore: present(listing.app?.chrome),
    homepage: present(listing.homepage),
    injected: listing.injected ?? [],
    badgeType: listing.badge_type ?? 'none',
    order: listing.order ?? position,
  }
}

/** Explorer dumps use '' and null alike for "none". */
function present(value: string | null | undefined): string | null {
  return value?.trim() || null
}
