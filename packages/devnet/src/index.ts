export {
  type BundlerInstance,
  BundlerStartError,
  type StartBundlerParameters,
  startBundler,
} from './aa/bundler.ts'
export {
  deployErc4337Contracts,
  type Erc4337ContractName,
  Erc4337DeployError,
  erc4337Addresses,
} from './aa/canonical.ts'
export {
  bundlerExecutor,
  bundlerExecutorKey,
  bundlerUtility,
  bundlerUtilityKey,
  devnetPaymasterDeployer,
  devnetPaymasterDeployerKey,
  devnetPaymasterSigner,
  devnetPaymasterSignerKey,
  erc4337ContractsSender,
  erc4337ContractsSenderKey,
} from './aa/keys.ts'
export {
  type DeployVerifyingPaymasterParameters,
  deployVerifyingPaymaster,
  devnetPaymasterAddress,
  PaymasterSignerMismatchError,
  verifyingPaymasterAbi,
} from './aa/paymaster.ts'
export { anvilAddresses, anvilMnemonic, anvilPrivateKeys } from './accounts.ts'
export { type AnvilInstance, AnvilStartError, type StartAnvilParameters, startAnvil } from './anvil.ts'
export { type CompiledContract, compileContract, compileTestToken } from './compile.ts'
export { deployTestTokens } from './deploy.ts'
export {
  type Devnet,
  type DevnetChain,
  type DevnetChainParameters,
  type DevnetErc4337,
  defaultDevnetChains,
  type StartDevnetParameters,
  startDevnet,
} from './devnet.ts'
export {
  type DeployedExchange,
  deployExchange,
  exchangeAddresses,
  exchangeDeployer,
  exchangePools,
  pairAddress,
} from './exchange.ts'
export {
  deployIdRegistry,
  farcasterIdRegistryAddress,
  idRegistryDeployer,
  testIdRegistryAbi,
} from './farcaster.ts'
export {
  type CreateFarcasterClientParameters,
  createFarcasterClient,
  devFarcasterRelayKey,
  type FarcasterClient,
  FarcasterRelayError,
  FarcasterSignInUriError,
  localFarcasterEnv,
} from './farcasterClient.ts'
export {
  type CaughtMail,
  codeOf,
  deviceLinkOf,
  type MailCatcher,
  type MailCatcherOptions,
  startMailCatcher,
} from './mailCatcher.ts'
export { localIssuerClient, localIssuerNames, localSocialEnv } from './oidcEnv.ts'
export {
  type LocalIssuerName,
  type LocalOidcClient,
  type LocalTestUser,
  type OidcIssuers,
  type StartOidcIssuersOptions,
  startOidcIssuers,
  testUserOf,
} from './oidcIssuers.ts'
export { logInAtLocalIssuer } from './oidcLogin.ts'
export { fundOnrampPayer, onrampPayer, onrampPayerFunds, onrampPayerKey } from './onrampPayer.ts'
export { deploySmartWalletFactory, type SmartWalletFactory } from './smartWallet.ts'
export { solanaTestAddresses, solanaTestSeeds } from './solana/accounts.ts'
export {
  type CreateSolanaChainParameters,
  type SendResult,
  type SimulationResult,
  SolanaChain,
  SolanaChainTransactionError,
} from './solana/chain.ts'
export { seedSolanaChain, solanaTestAccountLamports } from './solana/genesis.ts'
export { solanaLocalCaipNetworkId, solanaLocalGenesisHash } from './solana/network.ts'
export { handleSolanaRpc, solanaRpcMethods } from './solana/rpc.ts'
export { type SolanaLocalChain, type StartSolanaChainParameters, startSolanaChain } from './solana/server.ts'
export { attachSolanaSubscriptions } from './solana/subscriptions.ts'
export {
  type SolanaTestToken,
  solanaMintedUnitsPerAccount,
  solanaTestToken,
  solanaTestTokenAuthority,
} from './solana/token.ts'
export { localTelegramBotToken, signTelegramLogin, telegramUserOf } from './telegramLogin.ts'
export {
  type DeployedToken,
  mintedUnitsPerAccount,
  type TestTokenInfo,
  testTokenAddresses,
  testTokens,
  tokenDeployerIndex,
} from './tokens.ts'
export {
  startWcWallet,
  type WcWallet,
  type WcWalletParameters,
  walletConnectMemoryStorage,
} from './wcWallet.ts'
export {
  type AttachWcWalletConsoleParameters,
  attachWcWalletConsole,
  parseWcWalletCommand,
  type WcWalletCommand,
  type WcWalletConsole,
  wcWalletAccount,
  wcWalletHelp,
} from './wcWalletConsole.ts'
