export * from './BaseError.ts'
export * from './rpc.ts'
