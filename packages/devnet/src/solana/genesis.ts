// The state every local chain starts from: 1,000 SOL on each test account, the LUSD-SOL mint and 1,000,000
// LUSD-SOL in each test account's associated token account — all by ordinary transactions, so they show in the
// accounts' history as they would after a faucet and a mint on a real cluster.

import { type Address, address, createKeyPairSignerFromPrivateKeyBytes, getBase16Encoder } from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { solanaTestAddresses } from './accounts.ts'
import type { SolanaChain } from './chain.ts'
import {
  solanaMintedUnitsPerAccount,
  solanaTestToken,
  solanaTestTokenAuthoritySeed,
  solanaTestTokenMintSeed,
} from './token.ts'

/** Lamports each test account starts with: 1,000 SOL. */
export const solanaTestAccountLamports = 1_000n * 1_000_000_000n
/** The mint authority pays rent for the mint and the ten token accounts, and their fees. */
const authorityLamports = 10n * 1_000_000_000n

/**
 * Funds the test accounts, creates LUSD-SOL and mints it to them (12 transactions: slots 1–12).
 *
 * @example
 * const chain = await SolanaChain.create()
 * await seedSolanaChain(chain)
 */
export async function seedSolanaChain(chain: SolanaChain): Promise<void> {
  const [authority, mint] = await Promise.all([
    createKeyPairSignerFromPrivateKeyBytes(getBase16Encoder().encode(solanaTestTokenAuthoritySeed)),
    createKeyPairSignerFromPrivateKeyBytes(getBase16Encoder().encode(solanaTestTokenMintSeed)),
  ])
  const owners = solanaTestAddresses.map((owner) => address(owner))
  await chain.signAndSend(chain.faucet, [
    ...owners.map((destination) =>
      getTransferSolInstruction({ source: chain.faucet, destination, amount: solanaTestAccountLamports }),
    ),
    getTransferSolInstruction({
      source: chain.faucet,
      destination: authority.address,
      amount: authorityLamports,
    }),
  ])
  const mintSpace = BigInt(getMintSize())
  await chain.signAndSend(authority, [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: mint,
      lamports: chain.svm.minimumBalanceForRentExemption(mintSpace),
      space: mintSpace,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals: solanaTestToken.decimals,
      mintAuthority: authority.address,
      freezeAuthority: null,
    }),
  ])
  const tokenAccounts = await Promise.all(owners.map((owner) => associatedTokenAddress(owner, mint.address)))
  for (const [index, owner] of owners.entries()) {
    const tokenAccount = tokenAccounts[index]!
    await chain.signAndSend(authority, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: authority,
        ata: tokenAccount,
        owner,
        mint: mint.address,
      }),
      getMintToInstruction({
        mint: mint.address,
        token: tokenAccount,
        mintAuthority: authority,
        amount: solanaMintedUnitsPerAccount,
      }),
    ])
  }
}

async function associatedTokenAddress(owner: Address, mint: Address): Promise<Address> {
  const [tokenAccount] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return tokenAccount
}
