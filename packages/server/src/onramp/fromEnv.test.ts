// The on-ramp providers an environment configures: which are made, in which order, and the variables a half-set or
// malformed configuration names.
import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { onrampProvidersFromEnv } from './fromEnv.ts'

const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'sec1', format: 'pem' })
  .toString()
const coinbase = {
  LATCH_COINBASE_ONRAMP_KEY_NAME: 'organizations/6f2d3b1a/apiKeys/1a2b3c4d',
  // As an environment file holds it: one line, its breaks written `\n`.
  LATCH_COINBASE_ONRAMP_KEY_SECRET: pem.trim().replaceAll('\n', '\\n'),
}
const meld = {
  LATCH_MELD_API_KEY: 'W9kZTT7332okCEc1A9aqAq:3sYKoXQv6oHVHSts7G2agw9vTCXz',
  LATCH_MELD_PUBLIC_KEY: 'WXETMuFUQmqqybHuRkSgxv:25B8LJHSfpG6LVjR2ytU5Cwh7Z4Sch2ocoU',
}

/** A fetch that records the URLs asked and answers `body`. */
function recordingFetch(body: unknown) {
  const urls: string[] = []
  const fetch: typeof globalThis.fetch = async (input) => {
    urls.push(String(input))
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
  }
  return { urls, fetch }
}

describe('onrampProvidersFromEnv', () => {
  test('nothing set (or only empty values) → no provider', () => {
    expect(onrampProvidersFromEnv({})).toEqual([])
    expect(onrampProvidersFromEnv({ LATCH_MELD_API_KEY: '', LATCH_MELD_PUBLIC_KEY: '  ' })).toEqual([])
  })

  test('both pairs → Coinbase, then Meld', () => {
    const providers = onrampProvidersFromEnv({ ...meld, ...coinbase })
    expect(providers.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 'coinbase', name: 'Coinbase Onramp' },
      { id: 'meld', name: 'Meld' },
    ])
  })

  test('one pair → that provider alone', () => {
    expect(onrampProvidersFromEnv(meld).map(({ id }) => id)).toEqual(['meld'])
    expect(onrampProvidersFromEnv(coinbase).map(({ id }) => id)).toEqual(['coinbase'])
  })

  test('the URLs for a self-run stand-in, and the fetch given, are used', async () => {
    const { urls, fetch } = recordingFetch({ payment_currencies: [], purchase_currencies: [] })
    const [provider] = onrampProvidersFromEnv(
      {
        ...coinbase,
        LATCH_COINBASE_ONRAMP_API_URL: 'http://127.0.0.1:8787/cdp',
        LATCH_COINBASE_ONRAMP_PAY_URL: 'http://127.0.0.1:8787/pay',
      },
      fetch,
    )
    await provider!.options()
    expect(urls).toEqual(['http://127.0.0.1:8787/cdp/onramp/v1/buy/options?country=US'])

    const meldFetch = recordingFetch([])
    const [meldProvider] = onrampProvidersFromEnv(
      {
        ...meld,
        LATCH_MELD_API_URL: 'https://api-sb.meld.io',
        LATCH_MELD_WIDGET_URL: 'https://sb.meldcrypto.com',
      },
      meldFetch.fetch,
    )
    const url = await meldProvider!.url({
      destinationWallets: [{ address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }],
      partnerUserId: 'p',
    })
    expect(meldFetch.urls[0]).toMatch(
      /^https:\/\/api-sb\.meld\.io\/service-providers\/properties\/crypto-currencies\?/,
    )
    expect(url).toMatch(/^https:\/\/sb\.meldcrypto\.com\/\?publicKey=/)
  })

  test.each([
    [
      { LATCH_COINBASE_ONRAMP_KEY_NAME: 'k' },
      'LATCH_COINBASE_ONRAMP_KEY_SECRET is not set, but LATCH_COINBASE_ONRAMP_KEY_NAME is',
    ],
    [
      { LATCH_COINBASE_ONRAMP_KEY_SECRET: pem },
      'LATCH_COINBASE_ONRAMP_KEY_NAME is not set, but LATCH_COINBASE_ONRAMP_KEY_SECRET is',
    ],
    [{ LATCH_MELD_PUBLIC_KEY: 'pk' }, 'LATCH_MELD_API_KEY is not set, but LATCH_MELD_PUBLIC_KEY is'],
    [
      { ...coinbase, LATCH_MELD_API_KEY: 'k', LATCH_MELD_PUBLIC_KEY: '' },
      'LATCH_MELD_PUBLIC_KEY is not set, but LATCH_MELD_API_KEY is',
    ],
    [
      { LATCH_MELD_WIDGET_URL: 'https://sb.meldcrypto.com' },
      'LATCH_MELD_WIDGET_URL is set, but LATCH_MELD_API_KEY and LATCH_MELD_PUBLIC_KEY are not',
    ],
    [
      { ...meld, LATCH_MELD_API_URL: 'api-sb.meld.io' },
      'LATCH_MELD_API_URL is not an http(s) URL: api-sb.meld.io',
    ],
    [
      { ...coinbase, LATCH_COINBASE_ONRAMP_PAY_URL: 'ftp://pay.example' },
      'LATCH_COINBASE_ONRAMP_PAY_URL is not an http(s) URL',
    ],
    [
      { ...coinbase, LATCH_COINBASE_ONRAMP_KEY_SECRET: 'not a key' },
      'LATCH_COINBASE_ONRAMP_KEY_SECRET: Coinbase Onramp: the key secret is not a PEM private key or a CDP Ed25519 key',
    ],
  ])('%o → an Error naming the variable', (env, message) => {
    expect(() => onrampProvidersFromEnv(env)).toThrow(message)
  })
})
