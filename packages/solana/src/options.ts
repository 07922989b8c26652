/** Options of `solanaAdapter`. Every wait is bounded so each call settles (DESIGN.md rule 8). */
export interface SolanaAdapterOptions {
  /** Bound on wallet calls that do not wait for the visitor (a silent reconnect, disconnect). Default 10 s. */
  requestTimeoutMs?: number | undefined
  /** Bound on wallet calls that wait for the visitor (connect, sign, send). Default 5 min. */
  promptTimeoutMs?: number | undefined
  /** How long a call waits for a wallet that has not registered yet. Default 1 s. */
  connectorWaitMs?: number | undefined
  /** Timeout of one RPC request (balances, fees, blockhashes). Default 10 s. */
  rpcTimeoutMs?: number | undefined
}

export type ResolvedSolanaAdapterOptions = Required<{ [K in keyof SolanaAdapterOptions]: number }>

/**
 * Fills in the defaults of `SolanaAdapterOptions`.
 *
 * @example
 * resolveSolanaAdapterOptions({ connectorWaitMs: 500 }).requestTimeoutMs // 10_000
 */
export function resolveSolanaAdapterOptions(
  options: SolanaAdapterOptions = {},
): ResolvedSolanaAdapterOptions {
  return {
    requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
    promptTimeoutMs: options.promptTimeoutMs ?? 300_000,
    connectorWaitMs: options.connectorWaitMs ?? 1_000,
    rpcTimeoutMs: options.rpcTimeoutMs ?? 10_000,
  }
}
