// Browser-safe: constants only, so a page or a test wallet can import them without node:crypto.

/**
 * Ed25519 seeds (32 bytes, hex, no 0x) of the Solana test accounts 0–9: `m/44'/501'/i'/0'` of anvil's mnemonic
 * (`test test … junk`), the path Phantom and Solflare derive (BIP-39 seed, then SLIP-0010 ed25519, all hardened).
 * Importing the mnemonic into either wallet shows the same addresses. Public test keys: anything sent to them
 * on a real cluster is lost at once.
 *
 * @example
 * const signer = await createKeyPairSignerFromPrivateKeyBytes(getBase16Encoder().encode(solanaTestSeeds[0]))
 * signer.address === solanaTestAddresses[0] // true
 */
export const solanaTestSeeds: readonly string[] = [
  'a01c67efb5cb8f62f15907a9fcf124c73d2695c8a9a31f21c05742a31ca1dc72',
  '3f25626cf245c8dd65a2b91a70e6f4c285182489fda230e2553c3752aa962b61',
  '8eabe4c79ac3a146c1bc447a64233ea70694669b997b0565039471b2939e8c5e',
  'f55bf85006beb673056861062dd8f8d8ff0bb63dd61d45f86fe438bf6e442abb',
  '3eb11a2e242212be157793db9fa881edffcfb391174b07d20369521ba1a084b1',
  '22e6f8ea7e213a67f801d313daa33046f5f7b1808f38d5b2bb7301aefa158cbc',
  '9515bfa8fecc7b7ebe75fd55e9d15b6f7988d79dbf6546f998630cacafb63fc7',
  '3979d8b5812d7747cfd25215b0a904fdbdf8f7c24aa82a91c2e00878ff1146ff',
  'c0c8348480fd4d865ffe93e11ba3a3b2431eeaaf1bf795faaac1710ec6607309',
  'f5606f75eaffadd56cc1247896e4e79237c37fe57cc970cfb12fb7d304323661',
]

/**
 * Base58 addresses of the Solana test accounts 0–9, in the order of {@link solanaTestSeeds}.
 *
 * @example
 * await rpc.getBalance(address(solanaTestAddresses[0])).send() // { value: 1_000_000_000_000n, … } on a fresh chain
 */
export const solanaTestAddresses: readonly string[] = [
  'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
  'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
  'CqMbRgMuEhQi9BUS8xP44Wk5nENm48FqJnfjEi4eNb1k',
  '9Tj3srBSxH7RFRCm8uharreY7ZBS49XSfpwCeYa7Xaqp',
  '6gYw7q94fJdEwL8WkT1a6LHBdTMbix1aciALwEWPx3Wp',
  '7EeV8eiRuGoR8bFHCjdCRGQd1RM5sR2dAkdiTEtC9ko7',
  'F9fVg2LeE2RhM6CfNn888hbjqovZDEWY3vm2hEkvX3Nh',
  '26roUwgM5T6bccX41hakjiW4fDiKFSao1RyoFsAxr6e6',
  '5mCGtMUD21HEvWJxKGKS6HEAH7ezzy12MWGs4bPgcJwV',
  '2yaW8VAMLhQiornz1BgcSWDUSH2jC2dmB8RWnTJi8Yab',
]
