import type { WalletFeature } from '@latch/core'
import { arbitrum, base, devnetNetwork, mainnet, optimism } from '@latch/evm'

/**
 * Devnet RPC URLs: the defaults of DESIGN.md, overridable per page load with `?rpcA=…&rpcB=…` (the e2e tests
 * give every worker its own chains).
 */
export function readDemoConfig(search: string) {
  const params = new URLSearchParams(search)
  const rpcA = params.get('rpcA') ?? 'http://127.0.0.1:8545'
  const rpcB = params.get('rpcB') ?? 'http://127.0.0.1:8546'
  const devnetA = devnetNetwork(31337, rpcA, 'Latch Devnet A')
  const devnetB = devnetNetwork(31338, rpcB, 'Latch Devnet B')
  return {
    devnetA,
    devnetB,
    networks: [devnetA, devnetB, mainnet, base, optimism, arbitrum],
    devWallet: params.get('devwallet') !== 'off',
    /**
     * The local Solana chain, `?solana=1` (`npm start` runs it on 8899) or `?solana=<RPC URL>`: the demo then also
     * offers Solana (the adapter, the chain and the Dev Wallet's Solana side). Without it the page is EVM-only and
     * loads nothing of Solana.
     */
    solanaRpc:
      params.get('solana') === '1'
        ? 'http://127.0.0.1:8899'
        : (params.get('solana') ?? undefined) || undefined,
    autoApprove: params.get('autoApprove') === '1',
    /** The dev wallet's anvil account (0–9; default: the one it remembers, else 0). Tests give flows their own. */
    devWalletAccount: /^[0-9]$/.test(params.get('account') ?? '') ? Number(params.get('account')) : undefined,
    /**
     * The Latch server (wallet directory, analytics): `npm start` runs it on 8787; `?api=off` leaves the modal
     * with the wallets found in the browser only. `?project=` picks the server's project (its allowed origins).
     */
    apiUrl: params.get('api') === 'off' ? undefined : (params.get('api') ?? 'http://127.0.0.1:8787'),
    projectId: params.get('project') ?? 'latch-demo',
    /**
     * The embedded wallet's frame (e-mail login): `npm start` serves it on 8789, beside the server; `?frame=off`
     * leaves e-mail login out of the modal.
     */
    frameUrl: params.get('frame') === 'off' ? undefined : (params.get('frame') ?? 'http://127.0.0.1:8789'),
    /**
     * The WalletConnect relay: `npm start` runs one on 8788 (a self-hosted relay needs no project id); `?relay=off`
     * leaves WalletConnect out of the modal. The e2e tests give every worker its own.
     */
    relayUrl: params.get('relay') === 'off' ? undefined : (params.get('relay') ?? 'ws://127.0.0.1:8788'),
    /** Basic mode, `?basic=1`: WalletConnect only — the code and the directory's wallets, no browser wallets. */
    basic: params.get('basic') === '1',
    /** `?walletFeatures=send,receive`: the order of the Account view's wallet features (SPEC §1's default else). */
    walletFeaturesOrder: params.get('walletFeatures')?.split(',') as WalletFeature[] | undefined,
    /** `?collapse=1`: the Connect view lists only WalletConnect, recent and installed wallets, then All Wallets. */
    collapseWallets: params.get('collapse') === '1',
    /** `?legal=1`: the Connect view asks to agree to the app's terms and privacy policy before any wallet. */
    legal: params.get('legal') === '1',
    /** Sign-in with the wallet after connecting: `?siwx=required`, or optional with any other value (off by default). */
    siwx: params.get('siwx'),
    /** The e-mail and social logins' account type: `?accountType=eoa` (the key's own address) or smartAccount. */
    accountType: params.get('accountType') as 'eoa' | 'smartAccount' | null,
    /** How long the modal waits for a wallet before offering retry (tests shorten it). */
    connectTimeoutMs: Number(params.get('connectTimeoutMs')) || undefined,
  }
}
