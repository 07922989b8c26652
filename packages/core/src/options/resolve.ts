import { parseCaipNetworkId } from '../caip/caip.ts'
import { InvalidOptionsError } from '../errors/BaseError.ts'
import type { AccountType, ChainNamespace, Network, WalletConnectSettings } from '../types.ts'
import { usesWalletConnectCloud, WALLETCONNECT_RELAY_URL } from '../walletConnect/pairing.ts'
import {
  allSocials,
  defaultAccountTypes,
  defaultConnectorTypeOrder,
  defaultFeatures,
  defaultWalletFeaturesOrder,
  PROJECT_ID_MAX_LENGTH,
} from './defaults.ts'
import type {
  Features,
  KeyValueStorage,
  LatchOptions,
  ResolvedOptions,
  WalletConnectOptions,
} from './types.ts'

/**
 * Whether the modal offers the wallets adapters find in the browser: the "wallet adapters" of SPEC §2's opening
 * rules. Basic mode (WalletConnect only) offers none.
 *
 * @example
 * hasWalletAdapters(resolveOptions({ networks: [mainnet], adapters: [evmAdapter()], basic: true })) // false
 */
export function hasWalletAdapters(options: Pick<ResolvedOptions, 'adapters' | 'basic'>): boolean {
  return options.adapters.length > 0 && !options.basic
}

const namespaces: readonly ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122']
const accountTypes: readonly AccountType[] = ['eoa', 'smartAccount', 'payment']

function fail(message: string): never {
  throw new InvalidOptionsError('Invalid Latch options', { details: message })
}

function checkList<T extends string>(name: string, value: unknown, allowed: readonly T[]): readonly T[] {
  if (!Array.isArray(value)) fail(`${name} must be an array.`)
  for (const item of value) {
    if (!allowed.includes(item))
      fail(`${name} contains "${String(item)}"; expected one of ${allowed.join(', ')}.`)
  }
  if (new Set(value).size !== value.length) fail(`${name} lists an entry twice.`)
  return value as T[]
}

function checkIds(name: string, value: unknown): readonly string[] {
  if (value === undefined) return []
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string' || !id)) {
    fail(`${name} must be an array of non-empty strings.`)
  }
  return value
}

function checkNetwork(network: unknown, index: number): Network {
  const n = network as Partial<Network> | undefined
  const where = `networks[${index}]`
  if (!n || typeof n !== 'object') fail(`${where} must be a network object.`)
  if (typeof n.caipNetworkId !== 'string') fail(`${where}.caipNetworkId is missing.`)
  try {
    parseCaipNetworkId(n.caipNetworkId)
  } catch {
    fail(`${where}.caipNetworkId "${n.caipNetworkId}" is not a valid CAIP-2 network id.`)
  }
  const [namespace, reference] = n.caipNetworkId.split(':')
  if (n.chainNamespace !== namespace) fail(`${where}.chainNamespace must be "${namespace}".`)
  if (String(n.id) !== reference) fail(`${where}.id must be ${reference} to match ${n.caipNetworkId}.`)
  if (typeof n.name !== 'string' || !n.name) fail(`${where}.name is missing.`)
  if (!n.nativeCurrency || typeof n.nativeCurrency.decimals !== 'number') {
    fail(`${where}.nativeCurrency must have name, symbol and decimals.`)
  }
  if (!n.rpcUrls?.default?.http || !Array.isArray(n.rpcUrls.default.http)) {
    fail(`${where}.rpcUrls.default.http must be an array of URLs.`)
  }
  return n as Network
}

/** The value as a URL, or undefined when it is not one. */
function toUrl(value: unknown): URL | undefined {
  try {
    return new URL(value as string)
  } catch {}
}

/**
 * An http(s) URL option: a service's base URL (`api`: no query or fragment, its trailing slashes dropped) or a
 * link the modal shows (the app's terms, its privacy policy).
 */
function checkUrl(value: unknown, name: string, api = true): string | undefined {
  if (value === undefined) return undefined
  const url = toUrl(value)
  if (!url || !/^https?:$/.test(url.protocol) || (api && (url.search || url.hash)))
    fail(
      `${name} must be an http(s) URL${api ? ' without query or fragment' : ''}, not ${JSON.stringify(value)}.`,
    )
  return api ? url.href.replace(/\/+$/, '') : url.href
}

function checkProjectId(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !value || value.length > PROJECT_ID_MAX_LENGTH) {
    fail(`projectId must be a non-empty string of at most ${PROJECT_ID_MAX_LENGTH} characters.`)
  }
  return value
}

function checkWalletConnect(value: unknown): WalletConnectSettings | undefined {
  if (value === undefined) return undefined
  const { relayUrl = WALLETCONNECT_RELAY_URL, projectId } = (value ?? {}) as WalletConnectOptions
  if (
    typeof value !== 'object' ||
    !/^wss?:$/.test(toUrl(relayUrl)?.protocol ?? '') ||
    (projectId !== undefined && (typeof projectId !== 'string' || !projectId))
  )
    fail(
      `walletConnect must be { relayUrl?: a ws:// or wss:// URL, projectId?: a non-empty string }, not ${JSON.stringify(value)}.`,
    )
  if (!projectId && usesWalletConnectCloud(relayUrl))
    fail(
      `walletConnect.projectId is required on WalletConnect's public relay; set walletConnect.relayUrl to your own relay to go without one.`,
    )
  return { relayUrl, projectId }
}

function defaultIsMobile(): boolean {
  if (typeof navigator === 'undefined') return false
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)) return true
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse) and (max-width: 600px)').matches
}

function defaultStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    // Sandboxed frames throw on access.
    return undefined
  }
}

/**
 * Fills in the spec's defaults (SPEC §1, §3) and rejects bad options with a message naming the problem.
 *
 * @example
 * resolveOptions({ networks: [mainnet] }).features.swaps // true
 */
export function resolveOptions(options: LatchOptions): ResolvedOptions {
  if (!options || typeof options !== 'object') fail('createLatch needs an options object.')
  if (!Array.isArray(options.networks) || options.networks.length === 0) {
    fail('networks must list at least one network.')
  }
  const networks = options.networks.map(checkNetwork)
  const seen = new Set<string>()
  for (const n of networks) {
    if (seen.has(n.caipNetworkId)) fail(`networks lists ${n.caipNetworkId} twice.`)
    seen.add(n.caipNetworkId)
  }

  const requestedDefault = options.defaultNetwork ?? networks[0]!
  if (!requestedDefault || typeof requestedDefault !== 'object')
    fail('defaultNetwork must be a network object.')
  // The app's own entry, so identity comparisons against `networks` hold.
  const defaultNetwork = networks.find((n) => n.caipNetworkId === requestedDefault.caipNetworkId)
  if (!defaultNetwork) fail(`defaultNetwork ${requestedDefault.caipNetworkId} is not one of networks.`)

  const adapters = options.adapters ?? []
  if (!Array.isArray(adapters)) fail('adapters must be an array.')
  const adapterNamespaces = new Set<string>()
  for (const adapter of adapters) {
    if (!adapter || !namespaces.includes(adapter.namespace) || typeof adapter.load !== 'function') {
      fail('each adapter must have a namespace (eip155, solana, polkadot, bip122) and a load function.')
    }
    if (adapterNamespaces.has(adapter.namespace)) fail(`two adapters for namespace ${adapter.namespace}.`)
    adapterNamespaces.add(adapter.namespace)
  }

  const features = { ...defaultFeatures }
  for (const [key, value] of Object.entries(options.features ?? {})) {
    // Own keys only: `in` would accept inherited names such as toString or constructor.
    if (!Object.hasOwn(defaultFeatures, key))
      fail(`features.${key} is not a feature; expected one of ${Object.keys(defaultFeatures).join(', ')}.`)
    if (typeof value !== 'boolean') fail(`features.${key} must be true or false.`)
    features[key as keyof Features] = value
  }

  const themeMode = options.themeMode ?? 'dark'
  if (themeMode !== 'dark' && themeMode !== 'light')
    fail(`themeMode must be "dark" or "light", not "${themeMode}".`)

  const themeVariables = options.themeVariables ?? {}
  for (const [key, value] of Object.entries(themeVariables)) {
    if (!key.startsWith('--latch-')) fail(`themeVariables key "${key}" must start with --latch-.`)
    if (typeof value !== 'string') fail(`themeVariables["${key}"] must be a string.`)
  }

  const accountTypesOption = options.defaultAccountTypes ?? {}
  for (const [namespace, type] of Object.entries(accountTypesOption)) {
    if (!namespaces.includes(namespace as ChainNamespace))
      fail(`defaultAccountTypes.${namespace} is not a chain namespace.`)
    if (!accountTypes.includes(type))
      fail(`defaultAccountTypes.${namespace} must be eoa, smartAccount or payment.`)
  }

  const connectTimeoutMs = options.connectTimeoutMs ?? 60_000
  if (!Number.isFinite(connectTimeoutMs) || connectTimeoutMs <= 0)
    fail('connectTimeoutMs must be a positive number.')

  if (options.metadata !== undefined) {
    const m = options.metadata
    if (typeof m?.name !== 'string' || typeof m.url !== 'string' || !Array.isArray(m.icons)) {
      fail('metadata needs name, description, url and icons.')
    }
  }

  const apiUrl = checkUrl(options.apiUrl, 'apiUrl')

  const customWallets = options.customWallets ?? []
  if (
    !Array.isArray(customWallets) ||
    customWallets.some((w) => typeof w?.id !== 'string' || typeof w.name !== 'string')
  ) {
    fail('customWallets must be an array of { id, name, … }.')
  }

  return {
    networks,
    adapters,
    defaultNetwork,
    metadata: options.metadata,
    features,
    socials: options.socials === false ? [] : checkList('socials', options.socials ?? allSocials, allSocials),
    walletFeaturesOrder: checkList(
      'walletFeaturesOrder',
      options.walletFeaturesOrder ?? defaultWalletFeaturesOrder,
      defaultWalletFeaturesOrder,
    ),
    connectorTypeOrder: checkList(
      'connectorTypeOrder',
      options.connectorTypeOrder ?? defaultConnectorTypeOrder,
      defaultConnectorTypeOrder,
    ),
    themeMode,
    themeVariables,
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    enableNetworkSwitch: options.enableNetworkSwitch ?? true,
    basic: options.basic ?? false,
    embedded: options.embedded ?? false,
    featuredWalletIds: checkIds('featuredWalletIds', options.featuredWalletIds),
    includeWalletIds: checkIds('includeWalletIds', options.includeWalletIds),
    excludeWalletIds: checkIds('excludeWalletIds', options.excludeWalletIds),
    customWallets,
    defaultAccountTypes: { ...defaultAccountTypes, ...accountTypesOption },
    siwx: options.siwx,
    siwe: options.siwe,
    debug: options.debug ?? false,
    connectTimeoutMs,
    storage: options.storage ?? defaultStorage(),
    isMobile: options.isMobile ?? defaultIsMobile,
    apiUrl,
    chainApiUrl: checkUrl(options.chainApiUrl, 'chainApiUrl') ?? apiUrl,
    projectId: checkProjectId(options.projectId),
    walletConnect: checkWalletConnect(options.walletConnect),
    frameUrl: checkUrl(options.frameUrl, 'frameUrl'),
    termsConditionsUrl: checkUrl(options.termsConditionsUrl, 'termsConditionsUrl', false),
    privacyPolicyUrl: checkUrl(options.privacyPolicyUrl, 'privacyPolicyUrl', false),
  }
}
