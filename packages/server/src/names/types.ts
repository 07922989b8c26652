/** Names and identity configuration (issue 5, SPEC §7). */
export interface NamesConfig {
  /** The zone names are registered under (default `latch.id`). */
  zone: string
  /** A mainnet RPC URL: identity then also resolves ENS names and avatars through viem. */
  ensRpcUrl?: string
}
