// The devnet's Farcaster settings, apart from the client so that `npm start` reads them without loading it.

/** The relay key of the development server: the relay takes answers only from clients that hold its key. */
export const devFarcasterRelayKey = 'latch-dev-farcaster-relay-key'

/**
 * The server's environment for Sign In With Farcaster on the devnet: the registry read on chain A, and the relay
 * key the test client sends.
 *
 * @example
 * localFarcasterEnv('http://127.0.0.1:8545')
 * // { LATCH_FARCASTER_RPC_URL: 'http://127.0.0.1:8545', LATCH_FARCASTER_RELAY_KEY: 'latch-dev-farcaster-relay-key' }
 */
export function localFarcasterEnv(rpcUrl: string): {
  LATCH_FARCASTER_RPC_URL: string
  LATCH_FARCASTER_RELAY_KEY: string
} {
  return { LATCH_FARCASTER_RPC_URL: rpcUrl, LATCH_FARCASTER_RELAY_KEY: devFarcasterRelayKey }
}
