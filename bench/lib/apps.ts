import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** How the probe finds an element: a CSS selector, optionally with text it must contain. */
export interface Target {
  selector: string
  text?: string
  /** Search open shadow roots too (web-component UIs). */
  deep?: boolean
}

export type AppName = 'latch' | 'latch-deploy' | 'floor' | 'appkit' | 'rainbowkit' | 'connectkit'

export interface BenchApp {
  name: AppName
  /** Column heading, with the pinned version for peers. */
  label: string
  /** Directory of the app's index.html; it builds into `dist/` beside it. */
  dir: string
  /** Installed in bench/peers (not built from the workspace). */
  peer: boolean
  /** Files and directories whose change means a rebuild. */
  inputs: string[]
  /** The Connect button. */
  button: Target
  /** The first wallet row of the open modal. */
  row: Target
  /** Talks to the Latch server and a relay, which the bench starts (bench/lib/services.ts). */
  services?: boolean
}

const repo = fileURLToPath(new URL('../../', import.meta.url))
const bench = `${repo}bench/`
export const peersDir = `${bench}peers/`

const peerVersion = (pkg: string): string => {
  const manifest = JSON.parse(readFileSync(`${peersDir}package.json`, 'utf8'))
  return manifest.dependencies[pkg] ?? '?'
}

const connectButton: Target = { selector: 'button', text: 'Connect Wallet' }
const rootInputs = [`${repo}package-lock.json`, `${bench}lib/build.ts`]
// Every app is built by the root's Vite, so the root's lockfile is an input of the peers' builds too.
const peerInputs = [`${peersDir}package-lock.json`, `${peersDir}projectId.ts`, ...rootInputs]

export const apps: readonly BenchApp[] = [
  {
    name: 'latch',
    label: 'Latch',
    dir: `${bench}apps/latch/`,
    peer: false,
    inputs: [
      `${bench}apps/latch/`,
      ...['core', 'evm', 'react'].map((p) => `${repo}packages/${p}/src/`),
      ...rootInputs,
    ],
    button: connectButton,
    // No wallet is installed in the bench browser, so the list's first (and only) row is "All Wallets".
    row: { selector: 'dialog ul[aria-label="Wallets"] button' },
  },
  {
    name: 'latch-deploy',
    label: 'Latch as deployed',
    dir: `${bench}apps/latch-deploy/`,
    peer: false,
    inputs: [
      `${bench}apps/latch-deploy/`,
      ...['core', 'evm', 'react'].map((p) => `${repo}packages/${p}/src/`),
      ...rootInputs,
    ],
    button: connectButton,
    // With WalletConnect on, the list's first row is WalletConnect's ("QR Code").
    row: { selector: 'dialog ul[aria-label="Wallets"] button' },
    services: true,
  },
  {
    name: 'floor',
    label: 'floor (React + bare dialog)',
    dir: `${bench}apps/floor/`,
    peer: false,
    inputs: [`${bench}apps/floor/`, ...rootInputs],
    button: connectButton,
    row: { selector: 'dialog .wallet-row' },
  },
  {
    name: 'appkit',
    label: `AppKit ${peerVersion('@reown/appkit')}`,
    dir: `${peersDir}appkit/`,
    peer: true,
    inputs: [`${peersDir}appkit/`, ...peerInputs],
    button: { ...connectButton, deep: true },
    // Offline, with no wallet installed, the first wallet row is "WalletConnect" (under the e-mail and social
    // logins, which are not wallet rows).
    row: { selector: 'wui-list-wallet', deep: true },
  },
  {
    name: 'rainbowkit',
    label: `RainbowKit ${peerVersion('@rainbow-me/rainbowkit')}`,
    dir: `${peersDir}rainbowkit/`,
    peer: true,
    inputs: [`${peersDir}rainbowkit/`, ...peerInputs],
    button: connectButton,
    // The first wallet option of the list (Rainbow).
    row: { selector: '[data-testid^="rk-wallet-option-"]' },
  },
  {
    name: 'connectkit',
    label: `ConnectKit ${peerVersion('connectkit')}`,
    dir: `${peersDir}connectkit/`,
    peer: true,
    inputs: [`${peersDir}connectkit/`, ...peerInputs],
    button: connectButton,
    // The wallet list's buttons carry type="button"; the "Continue with Aave" login above the list does not.
    row: { selector: '#__CONNECTKIT__ [role="dialog"] button[type="button"]' },
  },
]
