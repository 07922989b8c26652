// The default sign-in store (SPEC §4): the Latch server's sessions endpoints.
import { HttpError, requestJson, serverUrl } from '../api/http.ts'
import { ApiNotConfiguredError } from '../errors/BaseError.ts'
import type { KeyValueStorage, ResolvedOptions } from '../options/types.ts'
import { STORAGE_PREFIX } from '../persistence/recent.ts'
import type { CaipNetworkId } from '../types.ts'
import type { SiwxSession, SiwxStore } from './types.ts'

/** Where the default store keeps the Latch server's session tokens, by address. */
export const SIWX_STORAGE_KEY = `${STORAGE_PREFIX}siwx`

/** A session as the Latch server answers it. */
interface ServerSession {
  id: string
  address: string
  chainId: CaipNetworkId
  domain: string
  uri: string
  message: string
  signature: string
  issuedAt: string
  expiresAt: string
}

function readTokens(storage: KeyValueStorage | undefined): Record<string, string> {
  try {
    return JSON.parse(storage?.getItem(SIWX_STORAGE_KEY) ?? '{}') as Record<string, string>
  } catch {
    return {}
  }
}

/**
 * The default store: the Latch server's sessions endpoints (`GET /v1/sessions/nonce`, `POST /v1/sessions`,
 * `GET /v1/sessions/{address}`). The server verifies each message against the chain (EOA, ERC-1271 and
 * ERC-6492 signatures) and answers a token, kept per address in the client's storage, that lists the
 * address's sessions later.
 *
 * @example
 * const store = latchSiwxStore({ apiUrl: 'http://127.0.0.1:8787', projectId: 'demo', storage: localStorage })
 * const sessions = await store.getSessions({ address, chainId: 'eip155:1' })
 */
export function latchSiwxStore(
  options: Pick<ResolvedOptions, 'apiUrl' | 'projectId' | 'storage'>,
): SiwxStore {
  const { apiUrl, projectId, storage } = options
  const call = async <T>(path: string, init?: RequestInit): Promise<T> => {
    if (!apiUrl) throw new ApiNotConfiguredError('sign-in sessions')
    return requestJson<T>(fetch, serverUrl(apiUrl, path, projectId), init)
  }
  const toSession = (session: ServerSession): SiwxSession => ({
    id: session.id,
    message: session.message,
    signature: session.signature,
    data: {
      accountAddress: session.address,
      chainId: session.chainId,
      domain: session.domain,
      uri: session.uri,
      version: '1',
      nonce: /\nNonce: (\S+)/.exec(session.message)?.[1] ?? '',
      issuedAt: session.issuedAt,
      expirationTime: session.expiresAt,
    },
  })
  return {
    async getNonce() {
      return (await call<{ nonce: string }>('/v1/sessions/nonce')).nonce
    },
    async addSession({ message, signature, data }) {
      const { token } = await call<{ token: string; session: ServerSession }>('/v1/sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message, signature }),
      })
      const tokens = readTokens(storage)
      tokens[data.accountAddress.toLowerCase()] = token
      storage?.setItem(SIWX_STORAGE_KEY, JSON.stringify(tokens))
    },
    async getSessions({ address, chainId }) {
      const token = readTokens(storage)[address.toLowerCase()]
      if (!token) return []
      const { sessions } = await call<{ sessions: ServerSession[] }>(
        `/v1/sessions/${encodeURIComponent(address)}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      ).catch((error: unknown) => {
        // 401: the token was revoked or has expired. Anything else is a failure to read.
        if (error instanceof HttpError && error.status === 401) return { sessions: [] }
        throw error
      })
      return sessions.filter((session) => session.chainId === chainId).map(toSession)
    },
    clearSessions() {
      storage?.removeItem(SIWX_STORAGE_KEY)
    },
  }
}
