import { createWalletClient, formatEther, type Hex, hexToBigInt, http, isHex } from 'viem'
import { errorCodes, invalidParams, ProviderRpcError } from '../errors.ts'
import { requireRpcUrl } from '../rpc.ts'
import { selectedAccount, toViemChain } from '../signer.ts'
import type { MethodHandler } from './context.ts'
import { assertAuthorized } from './sign.ts'

interface TransactionParams {
  from?: unknown
  to?: unknown
  value?: unknown
  data?: unknown
  input?: unknown
  gas?: unknown
  nonce?: unknown
  gasPrice?: unknown
  maxFeePerGas?: unknown
  maxPriorityFeePerGas?: unknown
}

const quantity = (value: unknown, field: string): bigint | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string' && isHex(value) && value.length > 2) return hexToBigInt(value)
  throw invalidParams(`Transaction ${field} must be a hex quantity, got ${JSON.stringify(value)}.`)
}

const hexData = (value: unknown): Hex | undefined => {
  if (value === undefined || value === null || value === '0x') return undefined
  if (typeof value === 'string' && isHex(value)) return value
  throw invalidParams('Transaction data must be hex.')
}

/** The code and message of the node's own error inside a viem error, so the dapp sees e.g. a revert as-is. */
function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  let current: unknown = error
  while (current instanceof Error) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number' && code !== 0) {
      const short = (error as { shortMessage?: unknown }).shortMessage
      return new ProviderRpcError(code, typeof short === 'string' ? short : current.message)
    }
    current = current.cause
  }
  return new ProviderRpcError(errorCodes.internal, error instanceof Error ? error.message : String(error))
}

export const transactionMethods: Record<string, MethodHandler> = {
  async eth_sendTransaction(params, context) {
    const [tx] = params as [TransactionParams | undefined]
    if (typeof tx !== 'object' || tx === null)
      throw invalidParams('eth_sendTransaction expects a transaction.')
    assertAuthorized(context, tx.from ?? context.session.address())
    const chain = context.session.currentChain()
    requireRpcUrl(chain)
    if (tx.to !== undefined && tx.to !== null && (typeof tx.to !== 'string' || !isHex(tx.to))) {
      throw invalidParams('Transaction to must be an address.')
    }
    const to = (tx.to ?? undefined) as Hex | undefined
    const value = quantity(tx.value, 'value') ?? 0n
    const data = hexData(tx.data ?? tx.input)
    const gas = quantity(tx.gas, 'gas')
    const nonce = quantity(tx.nonce, 'nonce')
    const maxFeePerGas = quantity(tx.maxFeePerGas, 'maxFeePerGas')
    const maxPriorityFeePerGas = quantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas')
    const gasPrice = maxFeePerGas === undefined ? quantity(tx.gasPrice, 'gasPrice') : undefined

    await context.confirm({
      title: 'Send transaction',
      details: [
        { label: 'From', value: context.session.address() },
        { label: 'To', value: to ?? 'New contract' },
        { label: 'Value', value: `${formatEther(value)} ETH` },
        { label: 'Network', value: chain.name },
        ...(data ? [{ label: 'Data', value: `${data.slice(0, 10)}… (${(data.length - 2) / 2} bytes)` }] : []),
      ],
    })

    const viemChain = toViemChain(chain)
    const client = createWalletClient({
      account: selectedAccount(context.session),
      chain: viemChain,
      transport: http(viemChain.rpcUrls.default.http[0], { retryCount: 0 }),
    })
    // viem fills in what the dapp left out (nonce, gas, fees) from the node, signs locally and sends raw.
    const common = { to, value, data, gas, nonce: nonce === undefined ? undefined : Number(nonce) }
    try {
      return await (gasPrice !== undefined
        ? client.sendTransaction({ ...common, gasPrice })
        : client.sendTransaction({ ...common, maxFeePerGas, maxPriorityFeePerGas }))
    } catch (error) {
      throw toProviderError(error)
    }
  },
}
