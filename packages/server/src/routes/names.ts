import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { NamesConfig } from '../names/types.ts'
import type { Storage } from '../storage/types.ts'

export interface NameRoutesOptions {
  storage: Storage
  names: NamesConfig
}

/** Names and identity (SPEC §7): profile lookups, suggestions, registration, identity. */
export const nameRoutes: FastifyPluginAsyncZod<NameRoutesOptions> = async () => {}
