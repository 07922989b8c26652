import { lazy, type View } from '@latch/core'
import { type Chunk, createChunk } from '../chunk.ts'

/** The Send views: one chunk, as a visitor who opens Send goes on to choose a token and to review. */
const sendChunk = createChunk(() => import('./WalletSend/WalletSend.tsx'))

/** The sign-in views: SIWXSignMessage, and ConnectingSiwe for apps on plain SIWE. */
const signInChunk = createChunk(() => import('./SignIn/SignInView.tsx'))

/** ConnectingWalletConnect and ConnectingWalletConnectBasic: basic mode's view leads to the other. */
const walletConnectChunk = createChunk(() => import('./ConnectingWalletConnect/ConnectingWalletConnect.tsx'))

/** Each view is its own chunk, fetched the first time it is shown or prefetched (DESIGN.md rule 6). */
export const viewChunks: Partial<Record<View, Chunk>> = {
  Connect: createChunk(() => import('./Connect/ConnectView.tsx')),
  AllWallets: createChunk(() => import('./AllWallets/AllWalletsView.tsx')),
  ConnectingExternal: createChunk(() => import('./ConnectingExternal/ConnectingExternalView.tsx')),
  ConnectingWalletConnect: walletConnectChunk,
  ConnectingWalletConnectBasic: walletConnectChunk,
  Account: createChunk(() => import('./Account/AccountView.tsx')),
  Networks: createChunk(() => import('./Networks/NetworksView.tsx')),
  UnsupportedChain: createChunk(() => import('./UnsupportedChain/UnsupportedChainView.tsx')),
  RegisterName: createChunk(() => import('./RegisterName/RegisterNameView.tsx')),
  WalletReceive: createChunk(() => import('./WalletReceive/WalletReceiveView.tsx')),
  SIWXSignMessage: signInChunk,
  ConnectingSiwe: signInChunk,
  WalletSend: sendChunk,
  WalletSendSelectToken: sendChunk,
  WalletSendPreview: sendChunk,
}

/**
 * The Account view's token list (it needs the blockchain API): its component is the Tokens tab, and the Send views
 * use its balances hook and token icon. Defined here, as the views are, so that its shared modules are split as
 * theirs are, not into new chunks of their own.
 */
export const tokensModule = lazy(() => import('./Account/Tokens/Tokens.tsx'))
export const tokensChunk = createChunk(tokensModule.load)
/** The Account view's part that needs the blockchain API: 'Choose a name' and the Tokens / Activity tabs. */
export const accountDataChunk = createChunk(() => import('./Account/AccountData.tsx'))
/**
 * The Connect view's legal checkbox (SPEC §1 `legalCheckbox`, off by default), for the apps that turn it on.
 * Defined here for the reason above.
 */
export const legalChunk = createChunk(() => import('./Connect/LegalCheckbox.tsx'))
/** The Account view's Activity tab (the account's history from the blockchain API). */
export const activityChunk = createChunk(() => import('./Account/Activity/Activity.tsx'))

export const viewTitles: Record<View, string> = {
  Connect: 'Connect Wallet',
  Account: 'Account',
  AllWallets: 'All Wallets',
  Networks: 'Choose Network',
  ConnectingExternal: 'Connecting',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'WalletConnect',
  ConnectingSiwe: 'Sign In',
  ConnectingFarcaster: 'Farcaster',
  UnsupportedChain: 'Switch Network',
  SIWXSignMessage: 'Sign In',
  ApproveTransaction: 'Approve Transaction',
  RegisterName: 'Choose Name',
  WalletReceive: 'Receive',
  WalletSend: 'Send',
  WalletSendSelectToken: 'Select Token',
  WalletSendPreview: 'Review Send',
}
