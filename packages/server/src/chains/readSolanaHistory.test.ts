import { expect, test } from 'vitest'
import { transfersOf } from './readSolanaHistory.ts'

const [payer, owner, ownerAta, mint, authority, newAccount] = [
  'Payer1111111111111111111111111111111111111',
  'Owner1111111111111111111111111111111111111',
  'OwnerAta11111111111111111111111111111111111',
  'Mint11111111111111111111111111111111111111',
  'Authority111111111111111111111111111111111',
  'NewAccount1111111111111111111111111111111',
]

/** A parsed transaction of `instructions`, the owner's token account holding the mint's tokens (6 decimals). */
const parsed = (
  instructions: { program: string; parsed: { type: string; info: Record<string, unknown> } }[],
) => ({
  blockTime: 1,
  meta: {
    err: null,
    preTokenBalances: [],
    postTokenBalances: [{ accountIndex: 2, mint, owner, uiTokenAmount: { decimals: 6 } }],
  },
  transaction: {
    message: {
      accountKeys: [payer, owner, ownerAta, mint, authority, newAccount].map((pubkey) => ({ pubkey })),
      instructions,
    },
  },
})

test('a mint to an account’s token account is a transfer to its owner, from the mint’s authority', () => {
  const tx = parsed([
    {
      program: 'spl-token',
      parsed: {
        type: 'mintTo',
        info: { account: ownerAta, amount: '5000000', mint, mintAuthority: authority },
      },
    },
    {
      program: 'spl-token',
      parsed: {
        type: 'mintToChecked',
        info: { account: ownerAta, mint, tokenAmount: { amount: '7', decimals: 6 } },
      },
    },
  ])
  expect(transfersOf(tx)).toEqual([
    { mint, amount: '5000000', decimals: 6, from: authority, to: owner },
    // No authority named: from the mint itself.
    { mint, amount: '7', decimals: 6, from: mint, to: owner },
  ])
})

test('SOL sent by transfer and by an account’s creation; instructions that move nothing are left out', () => {
  const tx = parsed([
    {
      program: 'system',
      parsed: { type: 'transfer', info: { source: payer, destination: owner, lamports: 2 } },
    },
    {
      program: 'system',
      parsed: { type: 'createAccount', info: { source: payer, newAccount, lamports: 890880, space: 82 } },
    },
    {
      program: 'spl-associated-token-account',
      parsed: { type: 'createIdempotent', info: { wallet: owner } },
    },
  ])
  expect(transfersOf(tx)).toEqual([
    { amount: '2', decimals: 9, from: payer, to: owner },
    { amount: '890880', decimals: 9, from: payer, to: newAccount },
  ])
})
