// The wire types are core's (what the client reads and sends); the server's schemas validate them at run time
// and must describe exactly those types. Type-only: at run time the server takes only `@latch/core/names`.
import type {
  AnalyticsConfig,
  AnalyticsEvent,
  GetWalletsParameters,
  WalletListing,
  WalletsPage,
} from '@latch/core'
import { expectTypeOf, test } from 'vitest'
import type { z } from 'zod'
import type {
  analyticsConfig,
  analyticsEvent,
  getWalletsQuery,
  walletListing,
  walletsPage,
} from './schemas.ts'

test('response schemas are the client types', () => {
  expectTypeOf<z.output<typeof walletListing>>().toEqualTypeOf<WalletListing>()
  expectTypeOf<z.output<typeof walletsPage>>().toEqualTypeOf<WalletsPage>()
  expectTypeOf<z.output<typeof analyticsConfig>>().toEqualTypeOf<AnalyticsConfig>()
})

test('every event the client sends passes the server schema', () => {
  expectTypeOf<AnalyticsEvent>().toExtend<z.input<typeof analyticsEvent>>()
  expectTypeOf<AnalyticsEvent['props']['event']>().toEqualTypeOf<
    z.output<typeof analyticsEvent>['props']['event']
  >()
})

test('the client parameters map to the query the server reads', () => {
  type Query = z.output<typeof getWalletsQuery>
  expectTypeOf<GetWalletsParameters['page']>().toEqualTypeOf<Query['page']>()
  expectTypeOf<GetWalletsParameters['entries']>().toEqualTypeOf<Query['entries']>()
  expectTypeOf<NonNullable<GetWalletsParameters['badge_type']>>().toEqualTypeOf<
    NonNullable<Query['badge_type']>
  >()
  expectTypeOf<keyof GetWalletsParameters>().toExtend<keyof Query>()
})
