import { describe, expect, it } from 'vitest'
import {
  createFakeAdapter,
  createMemoryStorage,
  devnetA,
  devnetB,
  unconfiguredNetwork,
} from '../../test/fakeAdapter.ts'
import { createLatch } from '../createLatch.ts'
import { InvalidOptionsError } from '../errors/BaseError.ts'
import type { Network } from '../types.ts'
import { resolveOptions } from './resolve.ts'
import type { LatchOptions } from './types.ts'

const base: LatchOptions = { networks: [devnetA, devnetB], storage: createMemoryStorage() }

/** createLatch with options the type system would refuse, as a JavaScript caller could pass them. */
const createWith = (options: Record<string, unknown>) => () =>
  createLatch({ ...base, ...options } as unknown as LatchOptions)

describe('SPEC §1 defaults', () => {
  const { options } = createLatch(base)

  it('turns on swaps, onramp, receive, send, email, history, analytics and allWallets', () => {
    expect(options.features).toMatchObject({
      swaps: true,
      onramp: true,
      receive: true,
      send: true,
      email: true,
      history: true,
      analytics: true,
      allWallets: true,
    })
  })

  it('turns off legalCheckbox, smartSessions and collapseWallets', () => {
    expect(options.features).toMatchObject({
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
    })
  })

  it('has exactly these eleven features', () => {
    expect(Object.keys(options.features).sort()).toEqual(
      [
        'allWallets',
        'analytics',
        'collapseWallets',
        'email',
        'history',
        'legalCheckbox',
        'onramp',
        'receive',
        'send',
        'smartSessions',
        'swaps',
      ].sort(),
    )
  })

  it('offers the socials google, x, discord, farcaster, github, apple, facebook in that order', () => {
    expect(options.socials).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  })

  it('orders wallet features onramp, swaps, receive, send', () => {
    expect(options.walletFeaturesOrder).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })

  it('orders connectors walletConnect, recent, injected, featured, custom, external, recommended', () => {
    expect(options.connectorTypeOrder).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ])
  })

  it('uses the dark theme mode', () => {
    expect(options.themeMode).toBe('dark')
  })

  it('uses the first network as the default network', () => {
    expect(options.defaultNetwork).toBe(devnetA)
  })

  it("resolves defaultNetwork to the app's own entry in networks", () => {
    const copy = { ...devnetB }
    expect(resolveOptions({ ...base, defaultNetwork: copy }).defaultNetwork).toBe(devnetB)
  })

  it('keeps an explicit feature choice and the defaults for the rest', () => {
    const { features } = resolveOptions({ ...base, features: { swaps: false, legalCheckbox: true } })
    expect(features.swaps).toBe(false)
    expect(features.legalCheckbox).toBe(true)
    expect(features.onramp).toBe(true)
    expect(features.smartSessions).toBe(false)
  })

  it('offers no socials when socials is false', () => {
    expect(resolveOptions({ ...base, socials: false }).socials).toEqual([])
  })
})

describe('apiUrl and projectId', () => {
  it('have no default: no server is contacted unless the app names one', () => {
    const { options } = createLatch(base)
    expect(options.apiUrl).toBeUndefined()
    expect(options.projectId).toBeUndefined()
  })

  it('keep an http(s) base URL without its trailing slash, and the project id as given', () => {
    expect(resolveOptions({ ...base, apiUrl: 'http://127.0.0.1:8787/', projectId: 'demo' })).toMatchObject({
      apiUrl: 'http://127.0.0.1:8787',
      projectId: 'demo',
    })
    expect(resolveOptions({ ...base, apiUrl: 'https://latch.example/api/' }).apiUrl).toBe(
      'https://latch.example/api',
    )
  })

  it('send the blockchain API to apiUrl unless chainApiUrl names another server', () => {
    expect(createLatch(base).options.chainApiUrl).toBeUndefined()
    expect(resolveOptions({ ...base, apiUrl: 'http://127.0.0.1:8787/' }).chainApiUrl).toBe(
      'http://127.0.0.1:8787',
    )
    expect(
      resolveOptions({ ...base, apiUrl: 'http://127.0.0.1:8787', chainApiUrl: 'https://chain.example/v/' })
        .chainApiUrl,
    ).toBe('https://chain.example/v')
  })
})

describe('frameUrl', () => {
  it('has no default (no frame is loaded unless the app names one) and is kept without its trailing slash', () => {
    expect(createLatch(base).options.frameUrl).toBeUndefined()
    expect(resolveOptions({ ...base, frameUrl: 'https://wallet.latch.example/' }).frameUrl).toBe(
      'https://wallet.latch.example',
    )
  })
})

describe('termsConditionsUrl and privacyPolicyUrl', () => {
  it('are unset by default, and kept as given (a query or fragment included) when http(s)', () => {
    expect(createLatch(base).options).toMatchObject({
      termsConditionsUrl: undefined,
      privacyPolicyUrl: undefined,
    })
    expect(
      resolveOptions({
        ...base,
        termsConditionsUrl: 'https://app.example/legal?doc=terms',
        privacyPolicyUrl: 'http://app.example/legal#privacy',
      }),
    ).toMatchObject({
      termsConditionsUrl: 'https://app.example/legal?doc=terms',
      privacyPolicyUrl: 'http://app.example/legal#privacy',
    })
  })
})

describe('walletConnect', () => {
  it('is off unless set: no WalletConnect code is loaded for an app that does not ask for it', () => {
    expect(resolveOptions(base).walletConnect).toBeUndefined()
  })

  it("pairs on WalletConnect's public relay by default, with the app's WalletConnect project id", () => {
    expect(resolveOptions({ ...base, walletConnect: { projectId: 'abc123' } }).walletConnect).toEqual({
      relayUrl: 'wss://relay.walletconnect.org',
      projectId: 'abc123',
    })
  })

  it('needs no project id on a self-hosted relay', () => {
    expect(
      resolveOptions({ ...base, walletConnect: { relayUrl: 'ws://127.0.0.1:8788' } }).walletConnect,
    ).toEqual({
      relayUrl: 'ws://127.0.0.1:8788',
      projectId: undefined,
    })
  })
})

describe('SPEC §3 default account types', () => {
  it('are eip155 smartAccount, solana eoa, polkadot eoa, bip122 payment', () => {
    expect(createLatch(base).options.defaultAccountTypes).toEqual({
      eip155: 'smartAccount',
      solana: 'eoa',
      polkadot: 'eoa',
      bip122: 'payment',
    })
  })

  it('can be overridden per namespace, keeping the others', () => {
    const { defaultAccountTypes } = resolveOptions({ ...base, defaultAccountTypes: { eip155: 'eoa' } })
    expect(defaultAccountTypes).toEqual({ eip155: 'eoa', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' })
  })
})

describe('invalid options throw InvalidOptionsError at createLatch time', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['missing networks', { networks: undefined }, /networks must list at least one network/],
    [
      'walletConnect on the public relay without a project id',
      { walletConnect: {} },
      /walletConnect\.projectId is required on WalletConnect's public relay/,
    ],
    [
      'walletConnect naming the public relay without a project id',
      { walletConnect: { relayUrl: 'wss://relay.walletconnect.org/' } },
      /walletConnect\.projectId is required on WalletConnect's public relay/,
    ],
    [
      'a walletConnect relayUrl that is not a WebSocket URL',
      { walletConnect: { relayUrl: 'http://127.0.0.1:8788' } },
      /walletConnect must be \{ relayUrl\?: a ws:\/\/ or wss:\/\/ URL, projectId\?: a non-empty string \}, not \{"relayUrl":"http:\/\/127\.0\.0\.1:8788"\}/,
    ],
    ['walletConnect that is not an object', { walletConnect: 'yes' }, /walletConnect must be \{ relayUrl/],
    [
      'an empty walletConnect projectId',
      { walletConnect: { projectId: '' } },
      /walletConnect must be \{ relayUrl\?: a ws:\/\/ or wss:\/\/ URL, projectId\?: a non-empty string \}/,
    ],
    ['empty networks', { networks: [] }, /networks must list at least one network/],
    [
      'a bad caipNetworkId',
      { networks: [{ ...devnetA, caipNetworkId: 'eip155-31337' }] },
      /networks\[0\]\.caipNetworkId "eip155-31337" is not a valid CAIP-2 network id/,
    ],
    [
      'a chainNamespace that does not match the caipNetworkId',
      { networks: [{ ...devnetA, chainNamespace: 'solana' }] },
      /networks\[0\]\.chainNamespace must be "eip155"/,
    ],
    [
      'an id that does not match the caipNetworkId',
      { networks: [devnetA, { ...devnetB, id: 1 }] },
      /networks\[1\]\.id must be 31338/,
    ],
    ['a network listed twice', { networks: [devnetA, devnetA] }, /networks lists eip155:31337 twice/],
    [
      'a defaultNetwork not in networks',
      { defaultNetwork: unconfiguredNetwork },
      /defaultNetwork eip155:1 is not one of networks/,
    ],
    [
      'a defaultNetwork that is not an object',
      { defaultNetwork: 'eip155:1' },
      /defaultNetwork must be a network object/,
    ],
    ['an unknown feature', { features: { teleport: true } }, /features\.teleport is not a feature/],
    [
      'an inherited object key as a feature',
      { features: { toString: true } },
      /features\.toString is not a feature/,
    ],
    ['a non-boolean feature', { features: { swaps: 'yes' } }, /features\.swaps must be true or false/],
    ['a bad themeMode', { themeMode: 'sepia' }, /themeMode must be "dark" or "light", not "sepia"/],
    [
      'an unknown connectorTypeOrder entry',
      { connectorTypeOrder: ['recent', 'bluetooth'] },
      /connectorTypeOrder contains "bluetooth"/,
    ],
    [
      'a connectorTypeOrder entry listed twice',
      { connectorTypeOrder: ['recent', 'recent'] },
      /connectorTypeOrder lists an entry twice/,
    ],
    ['an unknown social', { socials: ['myspace'] }, /socials contains "myspace"/],
    [
      'an unknown wallet feature',
      { walletFeaturesOrder: ['bridge'] },
      /walletFeaturesOrder contains "bridge"/,
    ],
    [
      'two adapters for one namespace',
      { adapters: [createFakeAdapter().factory, createFakeAdapter().factory] },
      /two adapters for namespace eip155/,
    ],
    [
      'an adapter without a load function',
      { adapters: [{ namespace: 'eip155' }] },
      /each adapter must have a namespace .* and a load function/,
    ],
    [
      'a themeVariables key outside --latch-',
      { themeVariables: { '--w3m-accent': 'red' } },
      /themeVariables key "--w3m-accent" must start with --latch-/,
    ],
    [
      'a non-string theme variable',
      { themeVariables: { '--latch-accent': 3 } },
      /themeVariables\["--latch-accent"\] must be a string/,
    ],
    [
      'an unknown namespace in defaultAccountTypes',
      { defaultAccountTypes: { cosmos: 'eoa' } },
      /defaultAccountTypes\.cosmos is not a chain namespace/,
    ],
    [
      'an unknown account type',
      { defaultAccountTypes: { eip155: 'multisig' } },
      /defaultAccountTypes\.eip155 must be eoa, smartAccount or payment/,
    ],
    ['a zero connectTimeoutMs', { connectTimeoutMs: 0 }, /connectTimeoutMs must be a positive number/],
    ['an empty featured wallet id', { featuredWalletIds: [''] }, /featuredWalletIds must be an array/],
    ['an apiUrl that is not a URL', { apiUrl: 'latch.example' }, /apiUrl must be an http\(s\) URL/],
    ['an apiUrl that is not http(s)', { apiUrl: 'ftp://latch.example' }, /apiUrl must be an http\(s\) URL/],
    ['an apiUrl with a query', { apiUrl: 'https://latch.example/?a=1' }, /apiUrl must be .* without query/],
    ['an apiUrl that is not a string', { apiUrl: 8787 }, /apiUrl must be an http\(s\) URL/],
    ['a chainApiUrl that is not http(s)', { chainApiUrl: 'ws://x.example' }, /chainApiUrl must be an http/],
    [
      'a chainApiUrl with a fragment',
      { chainApiUrl: 'https://x.example/#a' },
      /chainApiUrl must be .* fragment/,
    ],
    [
      'a frameUrl that is not http(s)',
      { frameUrl: 'ws://127.0.0.1:8789' },
      /frameUrl must be an http\(s\) URL/,
    ],
    [
      'a frameUrl with a query',
      { frameUrl: 'http://127.0.0.1:8789/?a' },
      /frameUrl must be .* without query/,
    ],
    [
      'a termsConditionsUrl that would run script',
      { termsConditionsUrl: 'javascript:alert(1)' },
      /termsConditionsUrl must be an http\(s\) URL, not "javascript:alert\(1\)"/,
    ],
    [
      'a privacyPolicyUrl that is not a URL',
      { privacyPolicyUrl: '/privacy' },
      /privacyPolicyUrl must be an http/,
    ],
    ['an empty projectId', { projectId: '' }, /projectId must be a non-empty string/],
    ['a projectId over 100 characters', { projectId: 'p'.repeat(101) }, /at most 100 characters/],
  ]

  it.each(cases)('rejects %s', (_, options, message) => {
    const create = createWith(options)
    expect(create).toThrow(InvalidOptionsError)
    expect(create).toThrow(message)
  })

  it('tells the visitor-facing text apart from the developer detail', () => {
    try {
      createWith({ networks: [] })()
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidOptionsError)
      expect((error as InvalidOptionsError).shortMessage).toBe('Invalid Latch options')
      expect((error as InvalidOptionsError).details).toBe('networks must list at least one network.')
    }
  })

  it('rejects a missing options object', () => {
    expect(() => createLatch(undefined as unknown as LatchOptions)).toThrow(
      /createLatch needs an options object/,
    )
  })

  it('rejects a network whose fields are missing', () => {
    const partial: Partial<Network> = { caipNetworkId: 'eip155:5', chainNamespace: 'eip155', id: 5 }
    expect(createWith({ networks: [partial] })).toThrow(/networks\[0\]\.name is missing/)
  })
})
