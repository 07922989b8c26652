import { type Network, RpcError, SwitchChainError } from '@latch/core'
import { toHexChainId } from './chainId.ts'
import { type Eip1193Provider, requestWallet } from './provider.ts'

export interface SwitchNetworkParameters {
  provider: Eip1193Provider
  network: Network
  promptTimeoutMs: number
}

/**
 * Moves the wallet to `network` (`wallet_switchEthereumChain`). A wallet that does not know the chain (4902)
 * is asked to add it (`wallet_addEthereumChain`, EIP-3085) and then to switch again.
 *
 * @example
 * await switchNetwork({ provider, network: base, promptTimeoutMs: 300_000 })
 */
export async function switchNetwork(parameters: SwitchNetworkParameters): Promise<void> {
  const { provider, network, promptTimeoutMs } = parameters
  const chainId = toHexChainId(network.id)
  const switchChain = () =>
    requestWallet(provider, {
      method: 'wallet_switchEthereumChain',
      params: [{ chainId }],
      timeoutMs: promptTimeoutMs,
    })
  try {
    await switchChain()
    return
  } catch (error) {
    if (!isUnknownChain(error)) throw error
  }
  await requestWallet(provider, {
    method: 'wallet_addEthereumChain',
    params: [addEthereumChainParameter(network, chainId)],
    timeoutMs: promptTimeoutMs,
  })
  // Most wallets switch after adding; asking again covers those that do not, and is a no-op for the rest.
  await switchChain()
}

function isUnknownChain(error: unknown): boolean {
  if (error instanceof SwitchChainError) return true
  // MetaMask mobile wraps 4902 in a -32603 error (data.originalError), which toRpcError maps by the outer
  // code; older versions only said so in words.
  if (!(error instanceof RpcError) || error.code !== -32603) return false
  return nestedCodes(error.cause).includes(4902) || /unrecognized chain/i.test(error.details ?? '')
}

/** The codes of an error and of the errors it wraps (`data.originalError`, `cause`). */
function nestedCodes(error: unknown): number[] {
  const codes: number[] = []
  let current: unknown = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, data, cause } = current as {
      code?: unknown
      data?: { originalError?: unknown }
      cause?: unknown
    }
    if (typeof code === 'number') codes.push(code)
    current = data?.originalError ?? cause
  }
  return codes
}

/** The EIP-3085 description of `network`. */
function addEthereumChainParameter(network: Network, chainId: `0x${string}`) {
  const explorer = network.blockExplorers?.default.url
  return {
    chainId,
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: [...network.rpcUrls.default.http],
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
  }
}
