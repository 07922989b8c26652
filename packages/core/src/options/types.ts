import type { SiweConfig, SiwxStore } from '../siwx/types.ts'
import type {
  AccountType,
  AdapterFactory,
  ChainNamespace,
  KeyValueStorage,
  Metadata,
  Network,
  WalletConnectSettings,
} from '../types.ts'

/** SPEC §1 features and their defaults. */
export interface Features {
  swaps: boolean
  onramp: boolean
  receive: boolean
  send: boolean
  email: boolean
  history: boolean
  analytics: boolean
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
}

export type Social = 'google' | 'x' | 'discord' | 'farcaster' | 'github' | 'apple' | 'facebook'
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'
export type ConnectorCategory =
  | 'walletConnect'
  | 'recent'
  | 'injected'
  | 'featured'
  | 'custom'
  | 'external'
  | 'recommended'
export type ThemeMode = 'dark' | 'light'

/** A themable value: a `--latch-*` custom property. */
export type ThemeVariables = Partial<Record<`--latch-${string}`, string>>

export interface CustomWallet {
  id: string
  name: string
  imageUrl?: string
  mobile_link?: string
  desktop_link?: string
  webapp_link?: string
}

export type { Metadata }

/** Sign-in with the wallet (SIWX: CAIP-122 messages; EIP-4361 on eip155), SPEC §4. */
export interface SiwxOptions {
  /** Sign-in is required: Cancel disconnects, and the modal cannot be closed before signing in. */
  required?: boolean
  /** The message's statement. */
  statement?: string
  /** How long a signed message stays valid; 24 hours by default. */
  expiresInMs?: number
  /** Where sessions are kept; the Latch server at `apiUrl` by default. */
  store?: SiwxStore
  /** Called on disconnect: sign-in sessions are cleared (SPEC §4). */
  clearSessions?: () => Promise<void> | void
}

/** @deprecated The earlier name of `SiwxOptions`. */
export type SiwxHooks = SiwxOptions

export type { KeyValueStorage }

export interface LatchOptions {
  networks: readonly Network[]
  adapters?: readonly AdapterFactory[]
  defaultNetwork?: Network
  metadata?: Metadata
  features?: Partial<Features>
  socials?: readonly Social[] | false
  walletFeaturesOrder?: readonly WalletFeature[]
  connectorTypeOrder?: readonly ConnectorCategory[]
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  allowUnsupportedChain?: boolean
  enableNetworkSwitch?: boolean
  /** Basic WalletConnect mode (SPEC §2, §4). */
  basic?: boolean
  /** The app's terms of service, linked from the `legalCheckbox` (an http or https URL). */
  termsConditionsUrl?: string
  /** The app's privacy policy, linked from the `legalCheckbox` (an http or https URL). */
  privacyPolicyUrl?: string
  /** The modal is rendered inline and never closes (SPEC §2 embedded mode). */
  embedded?: boolean
  featuredWalletIds?: readonly string[]
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  customWallets?: readonly CustomWallet[]
  defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>>
  siwx?: SiwxOptions
  /** Plain SIWE with the app's own server (the ConnectingSiwe view); `siwx` is the usual choice. */
  siwe?: SiweConfig
  debug?: boolean
  /** How long a wallet may take to answer connect before the view offers retry. */
  connectTimeoutMs?: number
  /** Defaults to `window.localStorage` when present. */
  storage?: KeyValueStorage
  /** Mobile detection for the opening rules; defaults to a user-agent and pointer check. */
  isMobile?: () => boolean
  /**
   * Base URL (http or https) of a Latch server: the wallet directory and analytics. No default: without it
   * the modal lists only the wallets found in the browser and sends no analytics (DESIGN.md rule 7).
   */
  apiUrl?: string
  /**
   * Base URL (http or https) of the blockchain API (token balances, SPEC §7). Defaults to `apiUrl`; set it
   * when another Latch server answers those calls.
   */
  chainApiUrl?: string
  /** The project the server knows this app by; sent with every request to `apiUrl` and `chainApiUrl`. */
  projectId?: string
  /**
   * Offers WalletConnect (QR code, mobile and desktop links). `relayUrl` defaults to WalletConnect's public
   * relay, which needs the `projectId` of a WalletConnect Cloud project; a self-hosted relay (`@latch/relay`)
   * needs none. Without this option no WalletConnect code is ever loaded.
   */
  walletConnect?: WalletConnectOptions
  /**
   * Base URL (http or https) of the embedded wallet's frame: the frame origin of a Latch server
   * (`FRAME_PUBLIC_URL`; `http://127.0.0.1:8789` under `npm start`). With it and `projectId` (the project whose
   * allowed origins may embed the frame), `features.email` offers e-mail login. No default: without it no frame is
   * ever loaded.
   */
  frameUrl?: string
}

export interface WalletConnectOptions {
  /** `ws:` or `wss:` URL of a WalletConnect v2 relay. Default `wss://relay.walletconnect.org`. */
  relayUrl?: string
  /** A WalletConnect Cloud project id: required on the public relay, optional on your own. */
  projectId?: string
}

export interface ResolvedOptions
  extends Required<
    Omit<
      LatchOptions,
      | 'defaultNetwork'
      | 'metadata'
      | 'siwx'
      | 'siwe'
      | 'storage'
      | 'socials'
      | 'isMobile'
      | 'apiUrl'
      | 'chainApiUrl'
      | 'projectId'
      | 'walletConnect'
      | 'frameUrl'
      | 'termsConditionsUrl'
      | 'privacyPolicyUrl'
    >
  > {
  features: Features
  defaultNetwork: Network
  defaultAccountTypes: Record<ChainNamespace, AccountType>
  socials: readonly Social[]
  metadata: Metadata | undefined
  siwx: SiwxOptions | undefined
  siwe: SiweConfig | undefined
  storage: KeyValueStorage | undefined
  isMobile: () => boolean
  /** Without a trailing slash. */
  apiUrl: string | undefined
  /** `chainApiUrl`, else `apiUrl`; without a trailing slash. */
  chainApiUrl: string | undefined
  projectId: string | undefined
  walletConnect: WalletConnectSettings | undefined
  /** Without a trailing slash. */
  frameUrl: string | undefined
  termsConditionsUrl: string | undefined
  privacyPolicyUrl: string | undefined
}
