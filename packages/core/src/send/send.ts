// Sending tokens (SPEC §3 send state, §5 rules): the form's checks and the two chain steps, preparing and
// sending. Functions of a client rather than client methods, so that only the Send views load them.
import type { TokenBalance } from '../api/types.ts'
import { parseCaipAddress } from '../caip/caip.ts'
import type { LatchClient } from '../createLatch.ts'
import { BaseError, ChainNotConfiguredError, ConnectorNotConnectedError } from '../errors/BaseError.ts'
import { parseAmount } from '../format/format.ts'
import type { SendState } from '../state/send.ts'
import type { ChainNamespace, PreparedTransfer } from '../types.ts'
import { isAddress } from '../validation/address.ts'

/** SPEC §8 'Network not supported for Gas Price': the network's fees cannot be read (no RPC, not configured). */
export class GasPriceUnsupportedError extends BaseError {
  override name = 'GasPriceUnsupportedError'
  constructor(caipNetworkId: string, cause?: unknown) {
    super('Network not supported for Gas Price', {
      details: `No gas price can be read on ${caipNetworkId}.`,
      cause,
    })
  }
}

/** The token's decimals as a number ('18' → 18). */
export function decimalsOf(token: TokenBalance): number {
  return Number(token.quantity.decimals)
}

/** The token's contract as a plain address; undefined for the network's coin. */
export function tokenContract(token: TokenBalance): string | undefined {
  if (!token.address) return undefined
  return token.address.split(':').length === 3 ? parseCaipAddress(token.address).address : token.address
}

/**
 * SPEC §5: what a send needs. EVM: the token's address, amount and receiver; for the network's coin,
 * receiver, amount, gas price and decimals. Other namespaces: token, amount and receiver.
 *
 * @example
 * hasSendValues({ ...state, token: eth, sendTokenAmount: '1', receiverAddress: '0x…' }, 'eip155') // false until gasPrice
 */
export function hasSendValues(state: SendState, namespace: ChainNamespace): boolean {
  const { token, sendTokenAmount, receiverAddress, gasPrice } = state
  if (!token || !sendTokenAmount || !receiverAddress) return false
  if (namespace !== 'eip155') return true
  if (token.address) return true
  return gasPrice !== undefined && token.quantity.decimals !== ''
}

/**
 * SPEC §5 gas check: passes when a smart account is in use; otherwise fails when the network coin's balance
 * is zero or below the gas cost.
 *
 * @example
 * hasInsufficientGas({ smartAccount: false, nativeBalance: 0n, gasCost: 21_000n }) // true
 */
export function hasInsufficientGas(parameters: {
  smartAccount: boolean
  nativeBalance: bigint
  gasCost: bigint
}): boolean {
  const { smartAccount, nativeBalance, gasCost } = parameters
  if (smartAccount) return false
  return nativeBalance === 0n || nativeBalance < gasCost
}

export interface SendCheckContext {
  namespace: ChainNamespace
  /** The account's network coin, in base units, when known. */
  nativeBalance?: bigint | undefined
  /** The coin's symbol, for the gas message. */
  nativeSymbol: string
  /** The estimated fee (gas × gas price), once read. */
  fee?: bigint | undefined
  smartAccount: boolean
}

/** SPEC §5: what a Solana send with a missing value says. */
export const SOLANA_SEND_VALUES_MESSAGE = 'Please enter a valid amount and receiver address'

/**
 * What stops the send, in the order a visitor fixes it, worded for the form's button; undefined when it can
 * go. A coin send must also leave the fee; a smart account's fee may be paid for it. On Solana a missing or
 * unreadable amount, or a missing receiver, is SPEC §5's {@link SOLANA_SEND_VALUES_MESSAGE}.
 *
 * @example
 * sendProblem(initialSendState(), context) // 'Select Token'
 */
export function sendProblem(state: SendState, context: SendCheckContext): string | undefined {
  const { token, sendTokenAmount, receiverAddress } = state
  const missing = context.namespace === 'solana' ? SOLANA_SEND_VALUES_MESSAGE : undefined
  if (!token) return 'Select Token'
  if (!sendTokenAmount?.trim()) return missing ?? 'Add Amount'
  const decimals = decimalsOf(token)
  const amount = parseAmount(sendTokenAmount, decimals)
  if (amount === undefined) return missing ?? 'Invalid Amount'
  if (amount === 0n) return missing ?? 'Add Amount'
  const held = parseAmount(token.quantity.numeric, decimals) ?? 0n
  if (amount > held) return 'Insufficient Funds'
  if (!receiverAddress) return missing ?? 'Add Address'
  if (!isAddress(receiverAddress, context.namespace)) return 'Invalid Address'
  const { nativeBalance, fee, smartAccount } = context
  if (fee !== undefined && nativeBalance !== undefined) {
    if (hasInsufficientGas({ smartAccount, nativeBalance, gasCost: fee }))
      return `Not enough ${context.nativeSymbol} for gas`
    if (!token.address && !smartAccount && amount + fee > nativeBalance) return 'Insufficient Funds'
  }
  return undefined
}

function activeAccount(client: LatchClient) {
  const { activeNamespace: namespace, activeNetwork: network, unsupportedChainId } = client.network.getState()
  const { address } = client.accounts.get(namespace)
  if (!address) throw new ConnectorNotConnectedError()
  return { namespace, network, address, unsupported: unsupportedChainId !== undefined }
}

/**
 * Reads what the form's send costs: the transaction and its fee, with the gas price kept in the send
 * state. Before a receiver is known the fee is estimated for a send to oneself, which costs the same.
 * Rejects with `GasPriceUnsupportedError` ('Network not supported for Gas Price') on a network the app
 * cannot read fees on.
 */
export async function prepareSend(client: LatchClient): Promise<PreparedTransfer> {
  const { namespace, network, address, unsupported } = activeAccount(client)
  if (unsupported) throw new GasPriceUnsupportedError(network.caipNetworkId)
  const state = client.send.getState()
  const { token, receiverAddress } = state
  const amount = (token && parseAmount(state.sendTokenAmount, decimalsOf(token))) || 0n
  const to = receiverAddress && isAddress(receiverAddress, namespace) ? receiverAddress : address
  const adapter = await client.getAdapter(namespace)
  const prepared = await adapter
    .prepareTransfer({ network, from: address, to, amount, token: token && tokenContract(token) })
    .catch((error: unknown) => {
      throw error instanceof ChainNotConfiguredError
        ? new GasPriceUnsupportedError(network.caipNetworkId, error)
        : error
    })
  // The form may have changed while the node answered; the price is the network's either way.
  client.send.setState({ gasPrice: prepared.gasPrice })
  return prepared
}

/**
 * Whether a smart account is in use (SPEC §6): for an embedded wallet the kind of account its frame reports
 * (the app's preferred type is what it asks for, not what the frame has made: an EOA until smart accounts
 * land), otherwise whether the address holds contract code. False when that cannot be read.
 */
export async function isSmartAccountInUse(client: LatchClient): Promise<boolean> {
  const { namespace, network, address } = activeAccount(client)
  const connection = client.connection.getState().connections[namespace]
  if (connection?.connectorType === 'AUTH')
    return client.loadedFrame()?.login.getState().user?.accountType === 'smartAccount'
  const adapter = await client.getAdapter(namespace)
  return adapter.isSmartAccount({ address, network }).catch(() => false)
}

/**
 * Sends what the form holds: checks it (SPEC §5), prepares it afresh, runs the gas check against the chain's
 * balance, and asks the wallet. Resolves the transaction hash. Rejects with `BaseError('Something went
 * wrong')` when the form is incomplete or the gas check fails (nothing reaches the wallet), and with the
 * wallet's typed error (e.g. `UserRejectedRequestError`) when the wallet refuses.
 */
export async function sendTokens(client: LatchClient): Promise<string> {
  const { namespace, network, address } = activeAccount(client)
  const fail = (details: string, message = 'Something went wrong') => new BaseError(message, { details })
  // SPEC §5: on Solana, missing values have their own message.
  const missing = (details: string) =>
    fail(details, namespace === 'solana' ? SOLANA_SEND_VALUES_MESSAGE : undefined)
  const { token, sendTokenAmount, receiverAddress } = client.send.getState()
  if (!token || !sendTokenAmount || !receiverAddress)
    throw missing('The send needs a token, an amount and a receiver.')
  const amount = parseAmount(sendTokenAmount, decimalsOf(token))
  if (!amount) throw missing(`"${sendTokenAmount}" is not an amount of ${token.symbol}.`)
  if (!isAddress(receiverAddress, namespace)) throw fail(`${receiverAddress} is not an address.`)

  const adapter = await client.getAdapter(namespace)
  const [prepared, smartAccount, native] = await Promise.all([
    prepareSend(client),
    isSmartAccountInUse(client),
    adapter.getBalance({ address, network }),
  ])
  if (!hasSendValues(client.send.getState(), namespace)) throw fail('The send is missing its gas price.')
  const fee = prepared.gas * prepared.gasPrice
  if (hasInsufficientGas({ smartAccount, nativeBalance: native.value, gasCost: fee }))
    throw fail(
      `The account holds ${native.value} and the fee is about ${fee} (base units of ${native.symbol}).`,
    )
  return client.sendTransaction({
    to: prepared.to,
    value: prepared.value,
    data: prepared.data,
    token: prepared.token,
  })
}
