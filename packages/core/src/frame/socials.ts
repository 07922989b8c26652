// The social row's side of the social logins (the Connect view shows it): which providers are offered here, in which
// order, and the popup a click opens at once; the login itself (social.ts) loads once the visitor has clicked.
import type { KeyValueStorage, ResolvedOptions, Social } from '../options/types.ts'

/**
 * Where the remembered provider is kept: `storageKeys.socialProvider`, written out so that this chunk does not make the
 * entry export the keys (4 B of its budget; a test holds the two equal). Disconnect removes it (client/session.ts).
 */
export const SOCIAL_PROVIDER_KEY = '@latch/socialProvider'

/**
 * A social login the row may show: the app's (`socials`, SPEC §1), and Telegram, which is offered wherever the
 * deployment has a Telegram bot (`TELEGRAM_BOT_TOKEN`) and the app shows social logins at all.
 */
export type OfferedSocial = Social | 'telegram'

/**
 * Opens the popup a social login runs in: call it in the click's handler itself, before anything is awaited. Null
 * when the browser blocked it. It opens on about:blank, which is there at once, and says what it waits for: a page of
 * its own still loading when the provider's address came could win over that address (seen in CI: the popup stayed on
 * its loading page until the login timed out).
 *
 * @example
 * button.onclick = () => connectSocial(session, 'google', openSocialPopup())
 */
export function openSocialPopup(): Window | null {
  const width = 480
  const height = 640
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2)
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2)
  const popup = window.open(
    'about:blank',
    'latch-social',
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  )
  try {
    if (popup) {
      popup.document.title = 'Connecting…'
      popup.document.body.textContent = 'The login page opens here in a moment.'
    }
  } catch {
    // Its text is a courtesy: the provider's address replaces it anyway.
  }
  return popup
}

/** The social login remembered from the last connection (SPEC §4: removed on disconnect). */
export function rememberedSocial(storage: KeyValueStorage | undefined): string | undefined {
  try {
    const value = JSON.parse(storage?.getItem(SOCIAL_PROVIDER_KEY) ?? 'null')
    return typeof value === 'string' ? value : undefined
  } catch {
    return undefined
  }
}

/** Each client's answer (by its options): asked once, again after a failure. */
const offers = new WeakMap<object, Promise<readonly string[] | undefined>>()

/**
 * The socials of `options.socials` the deployment has a client for (`GET /v1/auth/socials` on `apiUrl`): those
 * without are not offered; Telegram after them when the deployment has its bot. Without an API, or when it does not
 * answer, the app's list as it is.
 *
 * @example
 * await offeredSocials(client.options) // ['google', 'github']
 */
export async function offeredSocials(
  options: Pick<ResolvedOptions, 'apiUrl' | 'socials'>,
): Promise<readonly OfferedSocial[]> {
  const { apiUrl, socials } = options
  if (!apiUrl) return socials
  let offer = offers.get(options)
  if (!offer) {
    offer = fetch(new URL('/v1/auth/socials', apiUrl), { signal: AbortSignal.timeout(5000) })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((body: { providers?: unknown } | undefined) =>
        Array.isArray(body?.providers)
          ? body.providers.filter((name) => typeof name === 'string')
          : undefined,
      )
      .catch(() => undefined)
    offers.set(options, offer)
    offer.then((answer) => {
      if (!answer) offers.delete(options)
    })
  }
  const providers = await offer
  if (!providers) return socials
  const offered: OfferedSocial[] = socials.filter((social) => providers.includes(social))
  return socials.length && providers.includes('telegram') ? [...offered, 'telegram'] : offered
}

/**
 * The socials offered in this browser: SPEC §5's filter inside Telegram's in-app browser (iOS removes google; macOS
 * removes x; Android removes facebook and x), with `first` (the one remembered) moved to the front.
 *
 * @example
 * socialsFor(['google', 'x', 'github'], { userAgent: 'Mozilla/5.0 (Linux; Android 14) Telegram-Android/11.2' })
 * // ['google', 'github']
 */
export function socialsFor(
  socials: readonly OfferedSocial[],
  browser: { userAgent: string; telegram?: boolean },
  first?: string,
): OfferedSocial[] {
  const ua = browser.userAgent
  const telegram = browser.telegram || /Telegram/i.test(ua)
  const removed: readonly OfferedSocial[] = !telegram
    ? []
    : /Android/i.test(ua)
      ? ['facebook', 'x']
      : /iPhone|iPad|iPod/i.test(ua)
        ? ['google']
        : /Macintosh|Mac OS X/i.test(ua)
          ? ['x']
          : []
  const offered = socials.filter((social) => !removed.includes(social))
  const remembered = offered.find((social) => social === first)
  return remembered ? [remembered, ...offered.filter((social) => social !== remembered)] : offered
}
