import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { BlockchainConfig } from '../chains/types.ts'
import type { Storage } from '../storage/types.ts'

export interface BlockchainRoutesOptions {
  storage: Storage
  blockchain: BlockchainConfig
  /** Base URL for icon URLs; default: the request's protocol and host. */
  publicUrl?: string
}

/** The blockchain API (SPEC §7): supported chains, balances, prices. */
export const blockchainRoutes: FastifyPluginAsyncZod<BlockchainRoutesOptions> = async () => {}
