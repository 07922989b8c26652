// Browser-safe: the test token's facts as constants; genesis.ts creates it on the chain.

/** The SPL test token on the local chain (no Metaplex metadata: name and symbol live here). */
export interface SolanaTestToken {
  /** The mint's address. */
  address: string
  symbol: string
  name: string
  decimals: number
}

/** The mint's keypair seed: sha256("latch-solana-lusd-mint"), so the mint lands at the same address each start. */
export const solanaTestTokenMintSeed = 'bdcbcd2c606b40599e9393051860df4b61d68cccade255710b3de935c02073e0'

/** The mint authority's keypair seed: sha256("latch-solana-lusd-mint-authority"). */
export const solanaTestTokenAuthoritySeed = '64c2df303ba3c53a1add7c4db16d8185042260570f4fcaea30a0ce7ad7a6242b'

/** The mint authority's address (the public key of {@link solanaTestTokenAuthoritySeed}); it pays for the setup. */
export const solanaTestTokenAuthority = '2YU3Ku9cB3d8e9F5GtyADV5yoRFxGLGJthvMbmzYVJ2E'

/**
 * LUSD-SOL, a 6-decimal SPL token (classic Token program) minted to every test account at chain start.
 *
 * @example
 * const [ata] = await findAssociatedTokenPda({ owner, mint: address(solanaTestToken.address), tokenProgram: TOKEN_PROGRAM_ADDRESS })
 * await rpc.getTokenAccountBalance(ata).send() // { value: { uiAmount: 1000000, decimals: 6, … } }
 */
export const solanaTestToken: SolanaTestToken = {
  address: '88Ns2wyXEcuSPpiZkgoXa89QS2pEoHCLajzvSY8TjkqL',
  symbol: 'LUSD-SOL',
  name: 'Latch USD (Solana)',
  decimals: 6,
}

/** Base units of LUSD-SOL minted to each test account: 1,000,000 tokens. */
export const solanaMintedUnitsPerAccount = 1_000_000n * 10n ** 6n
