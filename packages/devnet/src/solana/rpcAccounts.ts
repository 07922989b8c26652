// Account and token reads: getBalance, getAccountInfo, getMultipleAccounts, getTokenAccountsByOwner,
// getTokenAccountBalance, getTokenSupply, getMinimumBalanceForRentExemption.
import type { Address } from '@solana/kit'
import { accountEncodingParam, dataSliceParam, encodeAccount, readAccount } from './accountInfo.ts'
import { type RpcMethod, withContext } from './context.ts'
import {
  addressParam,
  checkCommitment,
  configParam,
  invalidParams,
  requireParam,
  u64Param,
} from './params.ts'
import {
  decodeMint,
  decodeTokenAccount,
  token2022ProgramAddress,
  tokenProgramAddress,
  uiTokenAmount,
} from './splToken.ts'

const maxMultipleAccounts = 100

const getBalance: RpcMethod = (params, chain) => {
  const address = addressParam(requireParam(params, 0, 'address'), 'address (param 0)')
  checkCommitment(configParam(params, 1), chain.slot)
  return withContext(chain, chain.svm.getBalance(address) ?? 0n)
}

const getAccountInfo: RpcMethod = (params, chain) => {
  const address = addressParam(requireParam(params, 0, 'address'), 'address (param 0)')
  const config = configParam(params, 1)
  checkCommitment(config, chain.slot)
  const encoding = accountEncodingParam(config, 'binary')
  const dataSlice = dataSliceParam(config)
  const account = readAccount(chain.svm, address)
  return withContext(chain, account && encodeAccount(chain.svm, account, encoding, dataSlice))
}

const getMultipleAccounts: RpcMethod = (params, chain) => {
  const addresses = requireParam(params, 0, 'addresses')
  if (!Array.isArray(addresses)) throw invalidParams('addresses (param 0) must be an array of public keys')
  if (addresses.length > maxMultipleAccounts)
    throw invalidParams(`Too many inputs provided; max ${maxMultipleAccounts}`)
  const keys = addresses.map((item, index) => addressParam(item, `addresses[${index}]`))
  const config = configParam(params, 1)
  checkCommitment(config, chain.slot)
  const encoding = accountEncodingParam(config, 'base64')
  const dataSlice = dataSliceParam(config)
  return withContext(
    chain,
    keys.map((key) => {
      const account = readAccount(chain.svm, key)
      return account && encodeAccount(chain.svm, account, encoding, dataSlice)
    }),
  )
}

const getTokenAccountsByOwner: RpcMethod = (params, chain) => {
  const owner = addressParam(requireParam(params, 0, 'owner'), 'owner (param 0)')
  const filter = requireParam(params, 1, 'filter')
  if (typeof filter !== 'object' || Array.isArray(filter) || filter === null)
    throw invalidParams('filter (param 1) must be { mint } or { programId }')
  const { mint, programId } = filter as Record<string, unknown>
  if ((mint === undefined) === (programId === undefined))
    throw invalidParams('filter (param 1) must be { mint } or { programId }')
  const config = configParam(params, 2)
  checkCommitment(config, chain.slot)
  const encoding = accountEncodingParam(config, 'binary')
  const dataSlice = dataSliceParam(config)
  let program: Address
  let mintAddress: Address | undefined
  if (mint !== undefined) {
    mintAddress = addressParam(mint, 'filter.mint')
    const mintAccount = readAccount(chain.svm, mintAddress)
    if (!mintAccount || !decodeMint(mintAccount.data, mintAccount.owner))
      throw invalidParams('could not find mint')
    program = mintAccount.owner as Address
  } else {
    program = addressParam(programId, 'filter.programId')
    if (program !== tokenProgramAddress && program !== token2022ProgramAddress)
      throw invalidParams('unrecognized Token program id')
  }
  const value = chain.svm
    .getProgramAccounts(program)
    .filter((account) => {
      const token = decodeTokenAccount(account.data, account.programAddress)
      return token && token.owner === owner && (mintAddress === undefined || token.mint === mintAddress)
    })
    .map((account) => ({
      pubkey: account.address,
      account: encodeAccount(
        chain.svm,
        {
          lamports: account.lamports,
          data: new Uint8Array(account.data),
          owner: account.programAddress,
          executable: account.executable,
        },
        encoding,
        dataSlice,
      ),
    }))
  return withContext(chain, value)
}

const getTokenAccountBalance: RpcMethod = (params, chain) => {
  const address = addressParam(requireParam(params, 0, 'account'), 'account (param 0)')
  checkCommitment(configParam(params, 1), chain.slot)
  const account = readAccount(chain.svm, address)
  const token = account && decodeTokenAccount(account.data, account.owner)
  if (!token) throw invalidParams('not a Token account')
  const mint = readAccount(chain.svm, token.mint)
  const decimals = mint && decodeMint(mint.data, mint.owner)?.decimals
  if (decimals === undefined || decimals === null) throw invalidParams('could not find mint')
  return withContext(chain, uiTokenAmount(token.amount, decimals))
}

const getTokenSupply: RpcMethod = (params, chain) => {
  const address = addressParam(requireParam(params, 0, 'mint'), 'mint (param 0)')
  checkCommitment(configParam(params, 1), chain.slot)
  const account = readAccount(chain.svm, address)
  const mint = account && decodeMint(account.data, account.owner)
  if (!mint) throw invalidParams('not a Token mint')
  return withContext(chain, uiTokenAmount(mint.supply, mint.decimals))
}

const getMinimumBalanceForRentExemption: RpcMethod = (params, chain) => {
  const space = u64Param(params[0] ?? 0, 'dataLength (param 0)')
  if (space > 10n * 1024n * 1024n)
    throw invalidParams('dataLength (param 0) exceeds 10 MiB, the largest account')
  checkCommitment(configParam(params, 1), chain.slot)
  return chain.svm.minimumBalanceForRentExemption(space)
}

/** The account and token read methods, by name. */
export const accountMethods: Record<string, RpcMethod> = {
  getBalance,
  getAccountInfo,
  getMultipleAccounts,
  getTokenAccountsByOwner,
  getTokenAccountBalance,
  getTokenSupply,
  getMinimumBalanceForRentExemption,
}
