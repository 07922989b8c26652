import type { IncomingMessage } from 'node:http'
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'

/**
 * Why a connection is refused: no JWT, not an EdDSA JWT signed by its issuer (`@walletconnect/relay-auth`), no
 * numeric `exp` or an expired one, or an audience that is neither the host the client dialled nor one of
 * `audiences`. Undefined when it is fine.
 */
export async function authProblem(
  request: IncomingMessage,
  now: number,
  audiences: ReadonlySet<string>,
): Promise<string | undefined> {
  const auth = new URL(request.url ?? '/', 'ws://relay').searchParams.get('auth')
  if (!auth) return 'missing auth'
  try {
    if (!(await verifyJWT(auth))) return 'the JWT signature does not verify'
    const { payload } = decodeJWT(auth)
    if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return 'the JWT has no expiry'
    if (payload.exp * 1000 < now) return 'the JWT has expired'
    const audience = typeof payload.aud === 'string' ? payload.aud : ''
    let host: string | undefined
    try {
      host = new URL(audience).host
    } catch {
      host = undefined
    }
    if (!audiences.has(audience.replace(/\/+$/, '')) && host !== request.headers.host)
      return 'the JWT is for another relay (aud)'
    return undefined
  } catch {
    return 'the JWT cannot be read'
  }
}
