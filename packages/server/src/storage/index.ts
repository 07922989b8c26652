export { createStorage, escapeLike } from './createStorage.ts'
export { defaultDataDir, type OpenStorageOptions, openStorage } from './openStorage.ts'
export type * from './types.ts'
