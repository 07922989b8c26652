import type { LatchApi } from '../api/api.ts'
import type { ClientContext } from './context.ts'

export interface IdentityReader {
  /**
   * Reads the active account's name and avatar from the blockchain API into its profile (eip155, with an
   * `apiUrl`); cached 5 minutes unless `force`. Never rejects: without an identity the address shows.
   */
  refreshIdentity(parameters?: { force?: boolean }): Promise<void>
}

export function createIdentityReader(context: ClientContext, api: () => Promise<LatchApi>): IdentityReader {
  const { accounts } = context
  return {
    async refreshIdentity({ force = false } = {}) {
      const namespace = context.activeNamespace()
      const { address } = accounts.get(namespace)
      // SPEC §9: names are an eip155 feature.
      if (!address || namespace !== 'eip155' || !context.options.apiUrl) return
      try {
        const loaded = await api()
        const query = (await loaded.account()).identityQuery(address)
        if (force)
          await loaded.queryClient.invalidateQueries({ queryKey: query.queryKey, refetchType: 'none' })
        const { name, avatar } = await loaded.queryClient.fetchQuery(query)
        // The visitor may have switched accounts while the server answered.
        if (accounts.get(namespace).address !== address) return
        accounts.update(namespace, { profileName: name ?? undefined, profileImage: avatar ?? undefined })
      } catch (error) {
        context.debug('identity unavailable', error)
      }
    },
  }
}
