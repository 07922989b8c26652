import type { EvmWalletConnectOptions } from './walletConnect/types.ts'

/** Options of `evmAdapter`. Every wait is bounded so each call settles (DESIGN.md rule 8). */
export interface EvmAdapterOptions {
  /** Bound on wallet requests that do not wait for the visitor (`eth_accounts`, `eth_chainId`, …). Default 10 s. */
  requestTimeoutMs?: number | undefined
  /** Bound on wallet requests that wait for the visitor (connect, switch, sign, send). Default 5 min. */
  promptTimeoutMs?: number | undefined
  /** How long discovery waits for EIP-6963 announcements before offering `window.ethereum`. Default 100 ms. */
  legacyFallbackDelayMs?: number | undefined
  /** How long a call waits for a connector that has not been announced yet. Default 1 s. */
  connectorWaitMs?: number | undefined
  /** Timeout of one RPC attempt (balance reads); the SPEC §9 retries come on top. Default 10 s. */
  rpcTimeoutMs?: number | undefined
  /** Where WalletConnect keeps its sessions (with `createLatch`'s `walletConnect` option). */
  walletConnect?: EvmWalletConnectOptions | undefined
}

type Timeouts = Omit<EvmAdapterOptions, 'walletConnect'>

/** `EvmAdapterOptions` with every default filled in. */
export type ResolvedEvmAdapterOptions = Required<{ [K in keyof Timeouts]: number }> & {
  walletConnect: EvmWalletConnectOptions
}

/**
 * Fills in the defaults of `EvmAdapterOptions`.
 *
 * @example
 * resolveEvmAdapterOptions({ connectorWaitMs: 500 }).requestTimeoutMs // 10_000
 */
export function resolveEvmAdapterOptions(options: EvmAdapterOptions = {}): ResolvedEvmAdapterOptions {
  return {
    requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
    promptTimeoutMs: options.promptTimeoutMs ?? 300_000,
    legacyFallbackDelayMs: options.legacyFallbackDelayMs ?? 100,
    connectorWaitMs: options.connectorWaitMs ?? 1_000,
    rpcTimeoutMs: options.rpcTimeoutMs ?? 10_000,
    walletConnect: options.walletConnect ?? {},
  }
}
