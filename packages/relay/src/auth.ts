import type { IncomingMessage } from 'node:http'
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'

/**
 * The client an upgrade request's JWT names (its issuer, a did:key), or why the connection is refused: no JWT,
 * not an EdDSA JWT signed by its issuer (`@walletconnect/relay-auth`), no numeric `exp` or an expired one, or an
 * audience that is neither the host the client dialled nor one of `audiences`. Never rejects.
 */
export async function checkAuth(
  request: IncomingMessage,
  now: number,
  audiences: ReadonlySet<string>,
): Promise<{ clientId: string } | { problem: string }> {
  const problem = (text: string) => ({ problem: text })
  const auth = new URL(request.url ?? '/', 'ws://relay').searchParams.get('auth')
  if (!auth) return problem('missing auth')
  try {
    if (!(await verifyJWT(auth))) return problem('the JWT signature does not verify')
    const { payload } = decodeJWT(auth)
    if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp))
      return problem('the JWT has no expiry')
    if (payload.exp * 1000 < now) return problem('the JWT has expired')
    const audience = typeof payload.aud === 'string' ? payload.aud : ''
    let host: string | undefined
    try {
      host = new URL(audience).host
    } catch {
      host = undefined
    }
    if (!audiences.has(audience.replace(/\/+$/, '')) && host !== request.headers.host)
      return problem('the JWT is for another relay (aud)')
    return { clientId: String(payload.iss) }
  } catch {
    return problem('the JWT cannot be read')
  }
}
