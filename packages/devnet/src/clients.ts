import {
  type Account,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem'

/**
 * A devnet chain's public client, and wallet clients for the accounts that deploy to it (the chain read from the
 * node, so any chain id works).
 *
 * @example
 * const { publicClient, walletFor } = await devnetClients('http://127.0.0.1:8545')
 * const deployer = walletFor(privateKeyToAccount(anvilPrivateKeys[9]))
 */
export async function devnetClients(rpcUrl: string): Promise<{
  publicClient: PublicClient
  chain: Chain
  walletFor(account: Account): WalletClient<Transport, Chain, Account>
}> {
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ transport })
  const chain = defineChain({
    id: await publicClient.getChainId(),
    name: 'Latch devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  return { publicClient, chain, walletFor: (account) => createWalletClient({ account, chain, transport }) }
}
