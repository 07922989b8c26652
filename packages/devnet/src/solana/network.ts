// Browser-safe: the local chain's identity, fixed so a page can name the network before the chain is up.

/**
 * The local chain's genesis hash: base58 of sha256("latch-solana-localnet"). Fixed, unlike a test validator's,
 * so the network id stays the same across restarts.
 *
 * @example
 * await rpc.getGenesisHash().send() // 'B3a6eJyjz4Nhac9rNdEn8s1tXP2C949mKNDvyy6Zx6Mh'
 */
export const solanaLocalGenesisHash = 'B3a6eJyjz4Nhac9rNdEn8s1tXP2C949mKNDvyy6Zx6Mh'

/**
 * The local chain's CAIP-2 id: `solana:` and the first 32 characters of {@link solanaLocalGenesisHash}.
 *
 * @example
 * defineSolanaNetwork({ genesisHash: solanaLocalGenesisHash, … }).caipNetworkId === solanaLocalCaipNetworkId // true
 */
export const solanaLocalCaipNetworkId = `solana:${solanaLocalGenesisHash.slice(0, 32)}` as const
