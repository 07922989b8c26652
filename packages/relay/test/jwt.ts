// Relay tokens with claims `@walletconnect/relay-auth`'s signJWT never writes (no `exp`, a string `exp`, any
// `aud`), signed by the key their `iss` names, so that only the claim under test is wrong.
import { createPrivateKey, sign } from 'node:crypto'
import { decodeJWT, encodeData, encodeJWT, generateKeyPair, signJWT } from '@walletconnect/relay-auth'

type Claims = ReturnType<typeof decodeJWT>['payload']

/**
 * A valid token for `audience`, its claims then changed by `change` and signed again with the issuer's key.
 *
 * @example
 * await tokenWith(url, (claims) => ({ ...claims, exp: undefined })) // no expiry
 */
export async function tokenWith(audience: string, change: (claims: Claims) => object): Promise<string> {
  const keyPair = generateKeyPair()
  const { header, payload } = decodeJWT(await signJWT('sub', audience, 60, keyPair))
  const key = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: Buffer.from(keyPair.secretKey.slice(0, 32)).toString('base64url'),
      x: Buffer.from(keyPair.publicKey).toString('base64url'),
    },
  })
  const data = { header, payload: change(payload) as unknown as Claims }
  return encodeJWT({ ...data, signature: new Uint8Array(sign(null, encodeData(data), key)) })
}
