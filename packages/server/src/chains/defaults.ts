import { defaultProject } from '../defaults.ts'
import { specSwapNetworks } from '../swaps/types.ts'
import { uniswapV2SwapProvider } from '../swaps/uniswapV2.ts'
import { fixedPriceProvider } from './fixedPriceProvider.ts'
import type {
  BlockchainConfig,
  ChainConfig,
  SolanaChainConfig,
  SponsorshipPolicy,
  TokenConfig,
} from './types.ts'

export interface DevnetBlockchainConfigParameters {
  /** Latch Devnet A's RPC URL (default http://127.0.0.1:8545). */
  rpcA?: string
  /** Latch Devnet B's RPC URL (default http://127.0.0.1:8546). */
  rpcB?: string
  /** The local Solana chain's RPC URL (default http://127.0.0.1:8899). */
  solanaRpc?: string
  /** Latch Devnet A's and B's ERC-4337 bundlers (defaults http://127.0.0.1:8791 and :8792, as `npm start` runs them). */
  bundlerA?: string
  bundlerB?: string
  /** The key the devnet's paymaster trusts (default {@link devnetPaymasterSignerKey}, which `latch-devnet` uses too). */
  paymasterSignerKey?: `0x${string}`
}

/**
 * The devnet's test tokens. `@latch/devnet` deploys them from anvil account 9 on every chain it starts, so their
 * addresses are known before it runs. Written here as data rather than imported: the server has no run-time
 * dependency on the devnet (its solc, anvil and WalletConnect test wallet); defaults.test.ts keeps this table
 * equal to the devnet's own.
 */
export const devnetTokens: readonly TokenConfig[] = [
  { name: 'Latch USD', symbol: 'LUSD', decimals: 6, address: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35' },
  { name: 'Latch Token', symbol: 'LTK', decimals: 18, address: '0xA15BB66138824a1c7167f5E85b957d04Dd34E468' },
  { name: 'Latch Points', symbol: 'LPT', decimals: 0, address: '0xb19b36b1456E65E3A6D514D3F715f204BD59f431' },
]

/**
 * The devnet's exchange: WETH9 and Uniswap V2's Factory and Router02, which `@latch/devnet` deploys on every chain at
 * these addresses, with pools of ETH/LUSD, ETH/LTK and LUSD/LTK (data here for the reason the tokens are;
 * defaults.test.ts keeps them equal to the devnet's).
 */
export const devnetExchange = {
  WETH: '0xfbfbfDdd6e35dA57b7B0F9a2C10E34Be70B3A4E9',
  factory: '0x10Aeafac83d48E2f9ac4bAAf94311c45fACe1404',
  router: '0xCABEe62adFB2a4d4172Fc2F7536f324FC52C274a',
} as const

/**
 * The key of the account the devnet funds for the sandbox on-ramp's deliveries (`@latch/devnet`'s `onrampPayer`, the
 * test mnemonic's account 12: a public test key, worthless anywhere else). Data here for the reason the tokens are.
 */
export const devnetOnrampPayerKey = '0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82'

/**
 * The VerifyingPaymaster (EntryPoint v0.7) `@latch/devnet` deploys on every chain, at an address that does not depend
 * on its signer (data here for the reason the tokens are; defaults.test.ts keeps it equal to the devnet's).
 */
export const devnetPaymasterAddress = '0x6D8da4B12D658a36909ec1C75F81E54B8DB4eBf9'

/**
 * The signer the devnet's paymaster trusts unless told another (PAYMASTER_SIGNER_KEY; `npm start` generates one into
 * `.latch/`): the test mnemonic's account 21, a public test key, worthless anywhere else.
 */
export const devnetPaymasterSignerKey = '0xc511b2aa70776d4ff1d376e8537903dae36896132c90b91d52c1dfbae267cd8b'

/**
 * The devnet's sponsorship: the default project sponsors every caller (pages of any origin, scripts without one) on
 * both chains, within caps no test reaches by accident.
 */
export const devnetSponsorshipPolicy: SponsorshipPolicy = {
  chains: [31337, 31338],
  origins: ['*'],
  maxGasPerOperation: 15_000_000n,
  accountDailyCap: 10n * 10n ** 18n,
  dailyCap: 1_000n * 10n ** 18n,
  // Every test and the developer sign from one address.
  requesterHourlyOperations: 10_000,
  validForSeconds: 600,
}

/** The tokens the devnet's pools hold (LPT has none). */
const devnetSwapTokens = devnetTokens.filter((token) => token.symbol !== 'LPT')

/** The devnet's made-up usd prices, by symbol. */
export const devnetPrices = { ETH: 3000, LUSD: 1, LTK: 0.5, LPT: 0.01, SOL: 150, 'LUSD-SOL': 1 } as const

/**
 * The local Solana chain's CAIP-2 id: its genesis hash is fixed (`@latch/devnet`'s solana/genesis.ts), and so its id
 * is. Data here for the reason the tokens are; defaults.test.ts keeps it equal to the devnet's.
 */
export const devnetSolanaCaipNetworkId = 'solana:B3a6eJyjz4Nhac9rNdEn8s1tXP2C949m'

/** The local Solana chain's SPL test token, minted to every test account at start (data, as above). */
export const devnetSolanaTokens = [
  {
    name: 'Latch USD (Solana)',
    symbol: 'LUSD-SOL',
    decimals: 6,
    mint: '88Ns2wyXEcuSPpiZkgoXa89QS2pEoHCLajzvSY8TjkqL',
  },
] as const

function devnetSolanaChain(rpcUrl: string): SolanaChainConfig {
  return {
    caipNetworkId: devnetSolanaCaipNetworkId,
    name: 'Latch Solana Local',
    rpcUrl,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    tokens: devnetSolanaTokens.map((token) => ({ ...token })),
  }
}

function devnetChain(chainId: number, name: string, rpcUrl: string, bundlerUrl: string): ChainConfig {
  return {
    caipNetworkId: `eip155:${chainId}`,
    chainId,
    name,
    rpcUrl,
    // The devnet's RPC is the one every local page uses.
    publicRpcUrl: rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    // The devnet deploys the same tokens at the same addresses on every chain.
    tokens: devnetTokens.map((token) => ({ ...token })),
    bundlerUrl,
    paymaster: devnetPaymasterAddress,
  }
}

/**
 * The blockchain API over the local devnet (`@latch/devnet`, the default of `npm start`): Latch Devnet A (eip155:31337) and B
 * (eip155:31338), native ETH and the test tokens LUSD (6 decimals), LTK (18) and LPT (0), and the local Solana chain with
 * SOL and LUSD-SOL (6), at fixed prices.
 *
 * @example
 * const app = await createApp({ storage, blockchain: devnetBlockchainConfig({ rpcA: devnet.chains[0].rpcUrl }) })
 */
export function devnetBlockchainConfig(parameters: DevnetBlockchainConfigParameters = {}): BlockchainConfig {
  const chains = [
    devnetChain(
      31337,
      'Latch Devnet A',
      parameters.rpcA ?? 'http://127.0.0.1:8545',
      parameters.bundlerA ?? 'http://127.0.0.1:8791',
    ),
    devnetChain(
      31338,
      'Latch Devnet B',
      parameters.rpcB ?? 'http://127.0.0.1:8546',
      parameters.bundlerB ?? 'http://127.0.0.1:8792',
    ),
  ]
  const prices = fixedPriceProvider(devnetPrices)
  return {
    chains,
    solana: [devnetSolanaChain(parameters.solanaRpc ?? 'http://127.0.0.1:8899')],
    prices,
    // The devnet's own on-ramp: the sandbox sells its ETH and LUSD, delivered from the account the devnet funds.
    onramp: { sandbox: { payerKey: devnetOnrampPayerKey } },
    sponsorship: {
      signerKey: parameters.paymasterSignerKey ?? devnetPaymasterSignerKey,
      policies: { [defaultProject.id]: devnetSponsorshipPolicy },
    },
    swaps: {
      networks: [...specSwapNetworks, ...chains.map((chain) => chain.chainId)],
      providers: [
        uniswapV2SwapProvider(
          chains.map((chain) => ({
            chain,
            router: devnetExchange.router,
            factory: devnetExchange.factory,
            weth: devnetExchange.WETH,
            tokens: devnetSwapTokens,
          })),
        ),
      ],
    },
  }
}
