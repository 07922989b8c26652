import { BaseError, ChainNotConfiguredError, type Network, type PreparedTransfer } from '@latch/core'
import { type Client, hexToBigInt, numberToHex } from 'viem'
import { isHexAddress } from './accounts.ts'

/**
 * ERC-20 `transfer(address,uint256)`: its selector written out (the first 4 bytes of its keccak-256), so the
 * adapter needs no hash function and no ABI coder.
 */
const TRANSFER_SELECTOR = '0xa9059cbb'

/** The call data of `transfer(to, amount)`: the selector, then each argument as a 32-byte word. */
function transferData(to: `0x${string}`, amount: bigint): `0x${string}` {
  const word = (hex: string) => hex.padStart(64, '0')
  return `${TRANSFER_SELECTOR}${word(to.slice(2).toLowerCase())}${word(amount.toString(16))}`
}

/** EIP-7702: an EOA whose code is this prefix plus an address still pays its own gas. */
const DELEGATION_PREFIX = '0xef0100'

export interface PrepareTransferParameters {
  network: Network
  from: string
  to: string
  /** Base units of the coin or token. */
  amount: bigint
  /** The ERC-20 contract; absent for the network's coin. */
  token?: string | undefined
}

/** The fee of a transfer could not be estimated (the node failed, or the transfer would revert). */
export class TransferEstimateError extends BaseError {
  override name = 'TransferEstimateError'
  constructor(cause: unknown) {
    super('Could not estimate the network fee', { cause })
  }
}

function assertAddress(value: string, what: string): `0x${string}` {
  if (!isHexAddress(value))
    throw new BaseError('Invalid address', { details: `The ${what} ${value} is not an EVM address.` })
  return value
}

/**
 * The transaction that sends `amount` of the network's coin or of an ERC-20 token, with its gas estimate and
 * the network's gas price. The estimate is for the transaction as it will be sent, except that a coin
 * transfer is estimated with value 0, so an account short of the amount still learns the fee.
 *
 * @example
 * const prepared = await prepareTransfer(client, { network: devnetA, from, to, amount: 10n ** 18n })
 * // { to, value: 1000000000000000000n, gas: 21000n, gasPrice: 1875000000n }
 */
export async function prepareTransfer(
  client: Client | undefined,
  parameters: PrepareTransferParameters,
): Promise<PreparedTransfer> {
  const { network, amount, token } = parameters
  // Without an RPC URL the chain cannot be read: to the app, as good as not configured.
  if (!client) throw new ChainNotConfiguredError(network.caipNetworkId)
  const from = assertAddress(parameters.from, 'sender')
  const to = assertAddress(parameters.to, 'receiver')
  if (amount < 0n) throw new BaseError('Invalid amount', { details: `Cannot send ${amount}.` })
  const transaction = token
    ? {
        to: assertAddress(token, 'token'),
        data: transferData(to, amount),
      }
    : { to, value: amount }
  // Plain JSON-RPC: viem's estimateGas action would bring its local-account signing code along.
  try {
    const [gasPrice, gas] = await Promise.all([
      client.request({ method: 'eth_gasPrice' }),
      client.request({
        method: 'eth_estimateGas',
        params: [
          {
            from,
            to: transaction.to,
            data: 'data' in transaction ? transaction.data : undefined,
            value: numberToHex(0),
          },
        ],
      }),
    ])
    return { ...transaction, gas: hexToBigInt(gas), gasPrice: hexToBigInt(gasPrice) }
  } catch (error) {
    throw new TransferEstimateError(error)
  }
}

/**
 * Whether `address` holds contract code on the network: a smart account, whose gas a paymaster may pay.
 * An EIP-7702 delegated EOA is not one. Rejects when the node cannot be read.
 *
 * @example
 * await isSmartAccount(client, '0xf39F…') // false
 */
export async function isSmartAccount(client: Client | undefined, address: string): Promise<boolean> {
  if (!client) return false
  const code = await client.request({
    method: 'eth_getCode',
    params: [assertAddress(address, 'account'), 'latest'],
  })
  return code !== '0x' && !code.toLowerCase().startsWith(DELEGATION_PREFIX)
}
