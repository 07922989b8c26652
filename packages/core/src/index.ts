export * from './errors/index.ts'
export type * from './types.ts'
