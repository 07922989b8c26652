// The on-ramp providers a deployment configures through its environment: Coinbase Onramp and Meld, each when its
// keys are set (SPEC §7's on-ramp API asks them in this order).
import { type CoinbaseOnrampOptions, coinbaseOnrampProvider } from './coinbase.ts'
import { type MeldOnrampOptions, meldOnrampProvider } from './meld.ts'
import type { OnrampProvider } from './types.ts'

type Env = Record<string, string | undefined>

/**
 * The providers whose keys `env` sets, Coinbase first, then Meld:
 * - `LATCH_COINBASE_ONRAMP_KEY_NAME` and `LATCH_COINBASE_ONRAMP_KEY_SECRET` (the CDP key's PEM, or its base64
 *   Ed25519 form; `\n` may stand for the PEM's line breaks), with `LATCH_COINBASE_ONRAMP_API_URL` and
 *   `LATCH_COINBASE_ONRAMP_PAY_URL` for a stand-in the deployment runs itself;
 * - `LATCH_MELD_API_KEY` and `LATCH_MELD_PUBLIC_KEY`, with `LATCH_MELD_API_URL` and `LATCH_MELD_WIDGET_URL` (Meld's
 *   sandbox: `https://api-sb.meld.io`, `https://sb.meldcrypto.com`).
 *
 * Throws an Error naming the variable when a pair is half set, a URL is not one, a URL is set without its keys, or
 * the Coinbase key cannot be read: a deployment finds out when it starts, not at a visitor's first purchase.
 *
 * @example
 * const providers = onrampProvidersFromEnv(process.env)
 * // [coinbaseOnrampProvider(…), meldOnrampProvider(…)], those whose keys are set
 */
export function onrampProvidersFromEnv(env: Env, fetch?: typeof globalThis.fetch): OnrampProvider[] {
  const providers: OnrampProvider[] = []
  const coinbase = pair(env, 'LATCH_COINBASE_ONRAMP_KEY_NAME', 'LATCH_COINBASE_ONRAMP_KEY_SECRET', [
    'LATCH_COINBASE_ONRAMP_API_URL',
    'LATCH_COINBASE_ONRAMP_PAY_URL',
  ])
  if (coinbase) {
    const [keyName, secret] = coinbase
    const options: CoinbaseOnrampOptions = {
      keyName,
      // A PEM in one line, its breaks written `\n`, as environment files and secret stores often hold it.
      keySecret: secret.replaceAll('\\n', '\n'),
      apiUrl: url(env, 'LATCH_COINBASE_ONRAMP_API_URL'),
      payUrl: url(env, 'LATCH_COINBASE_ONRAMP_PAY_URL'),
      fetch,
    }
    providers.push(named('LATCH_COINBASE_ONRAMP_KEY_SECRET', () => coinbaseOnrampProvider(options)))
  }
  const meld = pair(env, 'LATCH_MELD_API_KEY', 'LATCH_MELD_PUBLIC_KEY', [
    'LATCH_MELD_API_URL',
    'LATCH_MELD_WIDGET_URL',
  ])
  if (meld) {
    const [apiKey, publicKey] = meld
    const options: MeldOnrampOptions = {
      apiKey,
      publicKey,
      apiUrl: url(env, 'LATCH_MELD_API_URL'),
      widgetUrl: url(env, 'LATCH_MELD_WIDGET_URL'),
      fetch,
    }
    providers.push(meldOnrampProvider(options))
  }
  return providers
}

/** A variable's value; an empty one is unset. */
function value(env: Env, name: string): string | undefined {
  const set = env[name]?.trim()
  return set ? set : undefined
}

/** Both values of a pair, or undefined when neither (nor any of its `extras`) is set. */
function pair(env: Env, first: string, second: string, extras: string[]): [string, string] | undefined {
  const [a, b] = [value(env, first), value(env, second)]
  if (a && b) return [a, b]
  if (a || b)
    throw new Error(`${a ? second : first} is not set, but ${a ? first : second} is: set both or neither`)
  const stray = extras.find((name) => value(env, name) !== undefined)
  if (stray) throw new Error(`${stray} is set, but ${first} and ${second} are not`)
  return undefined
}

function url(env: Env, name: string): string | undefined {
  const set = value(env, name)
  if (set === undefined) return undefined
  const protocol = URL.canParse(set) ? new URL(set).protocol : undefined
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`${name} is not an http(s) URL: ${set}`)
  return set
}

/** `make`'s provider; its Error (a key that cannot be read) names the variable it came from. */
function named(variable: string, make: () => OnrampProvider): OnrampProvider {
  try {
    return make()
  } catch (error) {
    throw new Error(`${variable}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    })
  }
}
