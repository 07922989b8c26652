/**
 * What each e2e spec covers: the sources whose change `npm run test:quick` answers by running that spec (in the
 * default project). A path matches an area when it starts with one of its prefixes. `npm test` runs every spec
 * whatever this says; a spec missing here is only left out of the inner loop. `scripts/quick.test.ts` checks that
 * every spec is listed and every prefix exists.
 */
export const areas: Record<string, readonly string[]> = {
  'a11y.spec.ts': [
    'packages/react/src/modal/',
    'packages/react/src/theme/',
    'packages/react/src/styles.css',
    'e2e/support/axe.ts',
    'e2e/support/layout.ts',
  ],
  'account.spec.ts': [
    'packages/react/src/views/Account/',
    'packages/core/src/api/account.ts',
    'packages/server/src/routes/history',
    'packages/server/src/jobs/',
    'e2e/support/fresh.ts',
  ],
  'buy.spec.ts': [
    'packages/react/src/views/Buy/',
    'packages/core/src/onramp/',
    'packages/server/src/routes/onramp',
    'packages/server/src/onramp/',
  ],
  'calls.spec.ts': ['packages/evm/src/calls.ts', 'packages/frame/src/calls.ts', 'packages/core/src/calls/'],
  'connect.spec.ts': [
    'packages/react/src/views/Connect/',
    'packages/react/src/views/ConnectingExternal/',
    'packages/react/src/components/ConnectButton/',
    'packages/react/src/LatchProvider/',
    'packages/core/src/client/',
    'packages/core/src/connectors/',
    'packages/core/src/createLatch.ts',
    'packages/evm/src/',
    'packages/devnet/src/wallet/',
  ],
  'crossSite.spec.ts': [
    'packages/frame/src/vault.ts',
    'packages/frame/src/store.ts',
    'packages/core/src/frame/',
  ],
  'csp.spec.ts': ['apps/demo/csp.ts', 'apps/demo/vite.config.ts'],
  'demoReadout.spec.ts': ['apps/demo/src/'],
  'directory.spec.ts': [
    'packages/react/src/views/AllWallets/',
    'packages/core/src/api/',
    'packages/server/src/directory/',
    'packages/server/src/routes/directory',
    'packages/server/src/routes/images',
  ],
  'email.spec.ts': [
    'packages/react/src/views/Email/',
    'packages/frame/src/',
    'packages/core/src/frame/',
    'packages/server/src/routes/auth',
    'packages/server/src/auth/',
    'e2e/support/email.ts',
  ],
  'farcaster.spec.ts': [
    'packages/react/src/views/Farcaster/',
    'packages/frame/src/farcaster.ts',
    'packages/server/src/routes/farcaster',
  ],
  'faults.spec.ts': [
    'packages/core/src/errors/',
    'packages/react/src/views/ConnectingExternal/',
    'packages/core/src/utils/',
  ],
  'frame.spec.ts': ['packages/frame/src/', 'packages/server/src/routes/frame'],
  'requests.spec.ts': [
    'packages/react/src/LatchProvider/',
    'packages/core/src/createLatch.ts',
    'apps/demo/src/',
  ],
  'send.spec.ts': [
    'packages/react/src/views/WalletSend/',
    'packages/core/src/send/',
    'packages/evm/src/transfer.ts',
  ],
  'siwx.spec.ts': [
    'packages/react/src/views/SignIn/',
    'packages/core/src/siwx/',
    'packages/server/src/routes/sessions',
  ],
  'smartAccount.spec.ts': [
    'packages/frame/src/smartAccount.ts',
    'packages/frame/src/safe.ts',
    'packages/server/src/aa/',
    'packages/server/src/routes/userOperations',
  ],
  'social.spec.ts': [
    'packages/react/src/views/Social/',
    'packages/frame/src/social.ts',
    'packages/server/src/routes/social',
    'packages/devnet/src/oidc',
  ],
  'solana.spec.ts': [
    'packages/solana/src/',
    'packages/server/src/chains/readSolana',
    'packages/devnet/src/solana/',
  ],
  'ssr.spec.ts': [
    'apps/demo/ssrPage.ts',
    'apps/demo/vite.ssr.config.ts',
    'packages/react/src/LatchProvider/',
    'packages/react/src/components/',
  ],
  'swap.spec.ts': [
    'packages/react/src/views/Swap/',
    'packages/core/src/swap/',
    'packages/server/src/swaps/',
    'packages/server/src/routes/convert',
  ],
  'telegram.spec.ts': ['packages/frame/src/telegram.ts', 'packages/server/src/routes/telegram'],
  'walletconnect.spec.ts': [
    'packages/react/src/views/ConnectingWalletConnect/',
    'packages/evm/src/walletConnect/',
    'packages/core/src/walletConnect/',
    'packages/relay/src/',
  ],
}

/** The specs whose area holds one of `paths` (repository-relative, `/`-separated). */
export function specsFor(paths: readonly string[]): string[] {
  return Object.entries(areas)
    .filter(([, prefixes]) => paths.some((path) => prefixes.some((prefix) => path.startsWith(prefix))))
    .map(([spec]) => `e2e/${spec}`)
}
