import { lazy, type View } from '@latch/core'
import { type Chunk, createChunk } from '../chunk.ts'

/** The sign-in views: SIWXSignMessage, and ConnectingSiwe for apps on plain SIWE. */
const signInChunk = createChunk(() => import('./SignIn/SignInView.tsx'))

/** ConnectingWalletConnect and ConnectingWalletConnectBasic: basic mode's view leads to the other. */
const walletConnectChunk = createChunk(() => import('./ConnectingWalletConnect/ConnectingWalletConnect.tsx'))

/**
 * The embedded wallet, one chunk: the Connect view's e-mail field, the device and code steps of EmailVerify, and
 * ApproveTransaction, which shows the wallet's frame.
 */
export const emailChunk = createChunk(() => import('./Email/Email.tsx'))

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
  EmailVerify: emailChunk,
  ApproveTransaction: emailChunk,
  // The embedded wallet's chunk loads its own (a chunk named here would bring the entry its preload map).
  UpdateEmail: emailChunk,
}

// The parts of views below are chunks of their own too. A part one view loads is defined beside it (Activity in
// AccountData); these are here, in the entry, because elsewhere they cost more than they weigh (measured with
// scripts/size.ts): defined in a chunk two views load, the token list's would be a shared chunk of its own (+375 B
// gzip on the Account view); defined in AccountView, the account data's import brings the view a preload map
// (+154 B gzip, over its budget); defined in ConnectView, the legal checkbox's did the same (+119 B gzip on the
// Connect view against +13 B here).

/**
 * The Account view's token list (it needs the blockchain API): its component is the Tokens tab, and the Send views
 * use its balances hook and token icon.
 */
export const tokensModule = lazy(() => import('./Account/Tokens/Tokens.tsx'))
export const tokensChunk = createChunk(tokensModule.load)
/**
 * The Account view's part that needs the blockchain API: 'Choose a name' and the Tokens / Activity tabs. The token
 * list, its first tab, is asked for with it: both requests at once rather than one after the other.
 */
export const accountDataChunk = createChunk(() => {
  tokensChunk.load().catch(() => undefined)
  return import('./Account/AccountData.tsx')
})
/**
 * The social logins (SPEC §1's socials): the Connect view's row, which makes ConnectingSocial known when it loads, and
 * the Account view's line for an account they connected.
 */
export const socialChunk = createChunk(() => import('./Social/Social.tsx'))
/** The legal checkbox (SPEC §1 `legalCheckbox`, off by default): the Connect view's, for the apps that turn it on. */
export const legalChunk = createChunk(() => import('./Connect/LegalCheckbox.tsx'))

/**
 * The wallet features' views, which the Account view's feature buttons make known when they load (Features.tsx): the
 * entry every page loads carries neither their chunks nor their titles.
 */
export type RegisteredView =
  | 'ConnectingSocial'
  | 'ConnectingFarcaster'
  | 'WalletSend'
  | 'WalletSendSelectToken'
  | 'WalletSendPreview'
  | 'Swap'
  | 'SwapSelectToken'
  | 'SwapPreview'
  | 'OnRampBuy'
  | 'OnRampTokenSelect'
  | 'OnRampFiatSelect'
  | 'BuyInProgress'
  | 'WhatIsABuy'

export const viewTitles: Record<Exclude<View, RegisteredView>, string> & Partial<Record<View, string>> = {
  Connect: 'Connect Wallet',
  Account: 'Account',
  AllWallets: 'All Wallets',
  Networks: 'Choose Network',
  ConnectingExternal: 'Connecting',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'WalletConnect',
  ConnectingSiwe: 'Sign In',
  UnsupportedChain: 'Switch Network',
  SIWXSignMessage: 'Sign In',
  ApproveTransaction: 'Approve Transaction',
  EmailVerify: 'Confirm Email',
  UpdateEmail: 'Email Account',
  RegisterName: 'Choose Name',
  WalletReceive: 'Receive',
}
