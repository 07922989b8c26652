import { invalidParams } from '../errors.ts'
import { toHexChainId } from '../session.ts'
import type { MethodHandler } from './context.ts'

/** Parses an EIP-695 hex chain id ('0x7a69'). */
export function parseChainId(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-f]+$/i.test(value)) {
    throw invalidParams(`Expected a hex chain id such as "0x7a69", got ${JSON.stringify(value)}.`)
  }
  const chainId = Number.parseInt(value, 16)
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalidParams(`Invalid chain id ${value}.`)
  return chainId
}

const firstObject = (params: readonly unknown[]): Record<string, unknown> => {
  const [first] = params
  if (typeof first !== 'object' || first === null) throw invalidParams('Expected an object parameter.')
  return first as Record<string, unknown>
}

export const chainMethods: Record<string, MethodHandler> = {
  async eth_chainId(_params, { session }) {
    return toHexChainId(session.state.chainId)
  },

  async net_version(_params, { session }) {
    return String(session.state.chainId)
  },

  async wallet_switchEthereumChain(params, { session }) {
    session.switchChain(parseChainId(firstObject(params).chainId))
    return null
  },

  async wallet_addEthereumChain(params, { session, confirm }) {
    const request = firstObject(params)
    const chainId = parseChainId(request.chainId)
    const known = session.chains().find((c) => c.chainId === chainId)
    const rpcUrls = Array.isArray(request.rpcUrls) ? request.rpcUrls : []
    const rpcUrl = rpcUrls.find((url): url is string => typeof url === 'string' && /^https?:\/\//.test(url))
    if (!known && !rpcUrl) throw invalidParams('wallet_addEthereumChain needs an http(s) URL in rpcUrls.')
    const name =
      known?.name ??
      (typeof request.chainName === 'string' && request.chainName ? request.chainName : `Chain ${chainId}`)

    await confirm({
      title: 'Add network',
      details: [
        { label: 'Network', value: name },
        { label: 'Chain ID', value: String(chainId) },
        { label: 'RPC URL', value: known?.rpcUrl ?? rpcUrl ?? '—' },
      ],
    })
    // A chain the wallet already knows keeps its own RPC URL, as extension wallets do.
    if (!known) session.addChain({ chainId, name, rpcUrl: rpcUrl! })
    session.switchChain(chainId)
    return null
  },
}
