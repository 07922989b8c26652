// @latch/server: the wallet directory, analytics and blockchain API service.
export { type CreateAppOptions, createApp, type LatchApp } from './app.ts'
export {
  providerShapes,
  type SocialProviderName,
  type SocialProviderSetup,
  socialProviderNames,
  socialProvidersFromEnv,
} from './auth/social/providers.ts'
export { type DevnetBlockchainConfigParameters, devnetBlockchainConfig } from './chains/defaults.ts'
export { fixedPriceProvider } from './chains/fixedPriceProvider.ts'
export { type HttpPriceProviderOptions, httpPriceProvider } from './chains/httpPriceProvider.ts'
export type * from './chains/types.ts'
export { priceKey } from './chains/types.ts'
export { readConfig } from './config.ts'
export {
  type ConfigFile,
  configFile,
  configFileJsonSchema,
  loadConfigFile,
  parseConfigFile,
  type ServedConfig,
} from './configFile.ts'
export { isOriginAllowed, originMatches } from './cors.ts'
export { defaultProject, ensureDefaults } from './defaults.ts'
export type { DirectorySnapshot, ImageKind, ImageRecord, WalletRecord } from './directory/records.ts'
export { defaultSnapshot, readSnapshot } from './directory/snapshot.ts'
export { syntheticSnapshot } from './directory/synthetic.ts'
export { createIndexer, type Indexer, type IndexerOptions, type IndexerState } from './jobs/indexer.ts'
export { defaultRateLimits, type RateLimitClass, type RateLimits } from './limits.ts'
export { type CoinbaseOnrampOptions, coinbaseOnrampProvider } from './onramp/coinbase.ts'
export { onrampProvidersFromEnv } from './onramp/fromEnv.ts'
export { type MeldOnrampOptions, meldOnrampProvider } from './onramp/meld.ts'
export type * from './onramp/types.ts'
export { revokeSessionMessage } from './sessions/messages.ts'
export { type LatchServer, type StartServerOptions, startServer } from './startServer.ts'
export type { HistoryStore, IndexedBlock } from './storage/history.ts'
export type { NameRecord, NameStore } from './storage/names.ts'
export { defaultDataDir, type OpenStorageOptions, openStorage } from './storage/openStorage.ts'
export type { SessionRecord, SessionStore } from './storage/sessions.ts'
export type * from './storage/types.ts'
