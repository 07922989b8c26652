// Plain SIWE (SPEC §4, ConnectingSiwe): an app's own server behind the sign-in store interface.
import { BaseError } from '../errors/BaseError.ts'
import type { SiweConfig, SiwxStore } from './types.ts'

/**
 * An app's plain SIWE server as a store: its nonce, its verification, its one session.
 *
 * @example
 * const store = siweStore({ getNonce, verifyMessage, getSession, signOut })
 * await store.addSession({ message, signature, data })
 */
export function siweStore(config: SiweConfig): SiwxStore {
  return {
    getNonce: ({ address }) => config.getNonce(address),
    async addSession({ message, signature }) {
      if (!(await config.verifyMessage({ message, signature })))
        throw new BaseError('Signature declined', { details: "The app's server did not accept the message." })
    },
    async clearSessions() {
      await config.signOut()
    },
    async getSessions({ address, chainId }) {
      const session = await config.getSession()
      if (!session || session.address.toLowerCase() !== address.toLowerCase()) return []
      if (`eip155:${session.chainId}` !== chainId) return []
      return [
        {
          message: '',
          signature: '',
          data: {
            accountAddress: address,
            chainId,
            domain: '',
            uri: '',
            version: '1',
            nonce: '',
            issuedAt: '',
          },
        },
      ]
    },
  }
}
