// A Farcaster client in Node for tests and for trying Sign In With Farcaster by hand: it holds a user's custody key,
// registers the user on the devnet's ID registry and answers `farcaster://connect` URIs on the auth relay, as
// Warpcast does when its user scans the app's QR code. `@farcaster/auth-client` builds the message and talks to the
// relay, so the answers are shaped exactly like a real client's.
import {
  type WalletClient as AuthClient,
  createWalletClient as createAuthClient,
  viemConnector,
} from '@farcaster/auth-client'
import {
  type Address,
  createTestClient,
  type Hex,
  http,
  keccak256,
  type LocalAccount,
  parseEther,
  stringToHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { devnetClients } from './clients.ts'
import { farcasterIdRegistryAddress, testIdRegistryAbi } from './farcaster.ts'

export { devFarcasterRelayKey, localFarcasterEnv } from './farcasterEnv.ts'

export interface CreateFarcasterClientParameters {
  /** The auth relay's base URL; the client posts to `${relay}/v1/channel/authenticate`. */
  relay: string
  /** Sent as `X-Farcaster-Auth-Relay-Key` ({@link devFarcasterRelayKey} for the development server). */
  relayKey: string
  /** A devnet chain with the ID registry (`startDevnet` deploys it); the custody registers there. */
  rpcUrl: string
  /** Default 'alice'. It also picks the custody key, unless `privateKey` is given. */
  username?: string
  /** Default the username, capitalised. */
  displayName?: string
  /** The custody key. Default derived from the username, so one name is one fid on a chain across runs. */
  privateKey?: Hex
}

export interface FarcasterClient {
  fid: number
  /** The custody address: it signs the answers and `idOf(custody)` is `fid` on the registry. */
  custody: Address
  username: string
  /** Signs in as the user: answers the URI's channel with a message signed by the custody key. */
  approve(uri: string): Promise<void>
  /**
   * Answers the channel for the same fid from another (random) key: a sound signature by an address that is not
   * the fid's custody. The relay cannot tell and accepts it; the app's check on the ID registry must refuse it, which
   * is how tests play a forged answer.
   */
  forge(uri: string): Promise<void>
}

/** The URI is not a `farcaster://connect` URI with a channel token, a nonce, a SIWE URI and a domain. */
export class FarcasterSignInUriError extends Error {
  override name = 'FarcasterSignInUriError'
}

/** The relay did not take the answer; the message is the relay's own. */
export class FarcasterRelayError extends Error {
  override name = 'FarcasterRelayError'
  /** The relay's HTTP status; undefined when it could not be reached or did not answer in JSON. */
  readonly status: number | undefined
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.status = options.status
  }
}

/** Keeps the custody keys apart from any other key someone derives from a name. */
const custodyKeyPrefix = 'latch-devnet farcaster custody key: '

/**
 * A Farcaster user on the devnet, its fid registered on the chain's ID registry (once: the same username is the
 * same fid on that chain afterwards), ready to answer Sign In With Farcaster URIs.
 *
 * @example
 * const alice = await createFarcasterClient({
 *   relay: 'http://127.0.0.1:8787/farcaster',
 *   relayKey: devFarcasterRelayKey,
 *   rpcUrl: 'http://127.0.0.1:8545',
 * })
 * await alice.approve('farcaster://connect?channelToken=…&nonce=…&siweUri=…&domain=…')
 */
export async function createFarcasterClient(
  parameters: CreateFarcasterClientParameters,
): Promise<FarcasterClient> {
  const { relay, relayKey, rpcUrl, username = 'alice' } = parameters
  const displayName = parameters.displayName ?? username.charAt(0).toUpperCase() + username.slice(1)
  const custody = privateKeyToAccount(
    parameters.privateKey ?? keccak256(stringToHex(`${custodyKeyPrefix}${username}`)),
  )
  const fid = Number(await registerFid(rpcUrl, custody))
  const authClient = createAuthClient({ relay, ethereum: viemConnector({ rpcUrl }) })

  const answer = async (uri: string, signer: LocalAccount): Promise<void> => {
    const request = parseConnectUri(uri, authClient)
    const built = authClient.buildSignInMessage({
      fid,
      address: signer.address,
      nonce: request.nonce,
      domain: request.domain,
      uri: request.siweUri,
      // SIWE's times are Dates; the library writes them back as ISO 8601.
      notBefore: request.notBefore === undefined ? undefined : new Date(request.notBefore),
      expirationTime: request.expirationTime === undefined ? undefined : new Date(request.expirationTime),
      requestId: request.requestId,
    })
    if (built.isError)
      throw new FarcasterSignInUriError(`Cannot sign in with ${uri}: ${built.error?.message}`)
    const signature = await signer.signMessage({ message: built.message })
    const result = await authClient.authenticate({
      channelToken: request.channelToken,
      authKey: relayKey,
      message: built.message,
      signature,
      fid,
      username,
      displayName,
      bio: `${displayName}, a test user on the Latch devnet`,
    })
    // The library fails only when the relay cannot be reached or its body is not JSON; a refusal is a status.
    if (result.isError)
      throw new FarcasterRelayError(
        `The relay could not be reached or did not answer in JSON: ${result.error?.message}`,
        { cause: result.error },
      )
    if (!result.response.ok) {
      const { status, statusText } = result.response
      const body = result.data as unknown as { error?: unknown; message?: unknown } | null
      const said = [body?.error, body?.message].find((value): value is string => typeof value === 'string')
      throw new FarcasterRelayError(said ?? `The relay answered ${status} ${statusText}`, { status })
    }
  }

  return {
    fid,
    custody: custody.address,
    username,
    approve: (uri) => answer(uri, custody),
    forge: (uri) => answer(uri, privateKeyToAccount(generatePrivateKey())),
  }
}

interface ConnectRequest {
  channelToken: string
  nonce: string
  siweUri: string
  domain: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
}

/** The channel token from the library's parser; the rest of the SIWE request from the URI's query, which it skips. */
function parseConnectUri(uri: string, authClient: AuthClient): ConnectRequest {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    throw new FarcasterSignInUriError(`Not a URI: ${uri}`)
  }
  if (url.protocol !== 'farcaster:')
    throw new FarcasterSignInUriError(`Not a farcaster://connect URI: ${uri}`)
  const parsed = authClient.parseSignInURI({ uri })
  if (parsed.isError) throw new FarcasterSignInUriError(`${parsed.error?.message}: ${uri}`)
  const param = (name: string) => url.searchParams.get(name) ?? undefined
  const [nonce, siweUri, domain] = [param('nonce'), param('siweUri'), param('domain')]
  if (!nonce || !siweUri || !domain)
    throw new FarcasterSignInUriError(`The URI lacks its nonce, siweUri or domain: ${uri}`)
  return {
    channelToken: parsed.channelToken,
    nonce,
    siweUri,
    domain,
    notBefore: param('notBefore'),
    expirationTime: param('expirationTime'),
    requestId: param('requestId'),
  }
}

/**
 * The custody's fid, registered first when it has none. The custody sends `register` itself, so clients made in
 * parallel never share a sender's nonce.
 */
async function registerFid(rpcUrl: string, custody: LocalAccount): Promise<bigint> {
  const { publicClient, chain, walletFor } = await devnetClients(rpcUrl)
  const registry = { address: farcasterIdRegistryAddress, abi: testIdRegistryAbi } as const
  const idOf = () => publicClient.readContract({ ...registry, functionName: 'idOf', args: [custody.address] })
  const known = await idOf().catch(async (error: unknown) => {
    if (await publicClient.getCode({ address: farcasterIdRegistryAddress })) throw error
    throw new Error(
      `No Farcaster ID registry on ${rpcUrl}: start the devnet, or deployIdRegistry(rpcUrl) first`,
    )
  })
  if (known !== 0n) return known

  // Gas for `register`; a custody given by the caller may hold more, which is left alone.
  if ((await publicClient.getBalance({ address: custody.address })) < parseEther('0.1'))
    await createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) }).setBalance({
      address: custody.address,
      value: parseEther('1'),
    })
  try {
    const hash = await walletFor(custody).writeContract({
      ...registry,
      functionName: 'register',
      args: [custody.address],
    })
    await publicClient.waitForTransactionReceipt({ hash })
  } catch (error) {
    // A client for the same user made at the same moment may have registered it first.
    if ((await idOf()) === 0n) throw error
  }
  const fid = await idOf()
  if (fid === 0n) throw new Error(`Registering ${custody.address} on the Farcaster ID registry failed`)
  return fid
}
