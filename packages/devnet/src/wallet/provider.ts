import type { Emitter } from './emitter.ts'
import { errorCodes, invalidParams, ProviderRpcError } from './errors.ts'
import { accountMethods } from './methods/accounts.ts'
import { chainMethods } from './methods/chains.ts'
import type { MethodContext, MethodHandler } from './methods/context.ts'
import { transactionMethods } from './methods/sendTransaction.ts'
import { signMethods } from './methods/sign.ts'
import { forwardRequest } from './rpc.ts'
import type { DevWalletProvider } from './types.ts'

const handlers: Record<string, MethodHandler> = {
  ...accountMethods,
  ...chainMethods,
  ...signMethods,
  ...transactionMethods,
}

/**
 * Methods that must never reach the node: anvil would answer signing requests with its own unlocked
 * keys, bypassing the user's approval. Other wallet_* methods are the wallet's to implement.
 */
const notForwarded = /^(eth_sign|eth_signTransaction|eth_signTypedData(_v1|_v3)?|personal_\w+|wallet_\w+)$/

export interface CreateProviderParameters {
  context: MethodContext
  emitter: Emitter
  /** False once the wallet is destroyed. */
  isActive(): boolean
}

/**
 * Creates the EIP-1193 provider: wallet methods are answered here, everything else goes to the current
 * chain's node.
 *
 * @example
 * const provider = createDevWalletProvider({ context, emitter, isActive: () => true })
 * await provider.request({ method: 'eth_chainId' }) // '0x7a69'
 */
export function createDevWalletProvider(parameters: CreateProviderParameters): DevWalletProvider {
  const { context, emitter, isActive } = parameters

  const provider: DevWalletProvider = {
    isLatchDevWallet: true,
    async request(args) {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
        throw invalidParams('request() expects { method: string, params?: unknown[] }.')
      }
      if (!isActive()) throw new ProviderRpcError(errorCodes.disconnected, 'Latch Dev Wallet was removed.')
      const { method } = args
      const params = args.params === undefined ? [] : args.params
      if (typeof params !== 'object' || params === null) throw invalidParams('params must be an array.')
      const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
      if (handler) return handler(Array.isArray(params) ? params : [params], context)
      if (notForwarded.test(method)) {
        throw new ProviderRpcError(
          errorCodes.unsupportedMethod,
          `Latch Dev Wallet does not support ${method}.`,
        )
      }
      return forwardRequest(context.session.currentChain(), method, params)
    },
    on(event, listener) {
      emitter.on(event, listener)
      return provider
    },
    removeListener(event, listener) {
      emitter.removeListener(event, listener)
      return provider
    },
  }
  return provider
}
