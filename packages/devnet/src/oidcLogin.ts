// A test user's browser at the local issuers: it follows an authorization URL through the issuers' login form (any
// login name, any password) to the client's redirect URI, with the cookies a browser keeps, and
// answers that URL (the code, the state, the issuer's `iss`). Server tests log in with it where e2e uses Chromium.

/**
 * A `fetch` that keeps a browser's cookies (enough for one host: the issuers give their cookies distinct names) and
 * follows no redirect itself.
 */
export function cookieJar() {
  const cookies = new Map<string, string>()
  return async (url: string, init: RequestInit = {}): Promise<Response> => {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie } })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const [name = '', value = ''] = pair.split('=')
      const expired = attributes.some((attribute) => /expires=thu, 01 jan 1970/i.test(attribute.trim()))
      if (expired || value === '') cookies.delete(name)
      else cookies.set(name, value)
    }
    return response
  }
}

/**
 * Logs `login` in at the local issuer `authorizationUrl` belongs to and answers the redirect to `redirectPrefix`
 * (where the provider sends the visitor back; for a form post, its fields as that URL's query), without following it. Throws when a page other than the login form
 * comes up, or after 10 steps.
 *
 * @example
 * const callback = await logInAtLocalIssuer(url, 'alice', 'http://127.0.0.1:8789/v1/auth/social/')
 * callback.searchParams.get('code')
 */
export async function logInAtLocalIssuer(
  authorizationUrl: string,
  login: string,
  redirectPrefix: string,
): Promise<URL> {
  const browse = cookieJar()
  let response = await browse(authorizationUrl)
  let at = authorizationUrl
  for (let step = 0; step < 10; step++) {
    const location = response.headers.get('location')
    if (location) {
      const next = new URL(location, at)
      if (next.href.startsWith(redirectPrefix)) return next
      at = next.href
      response = await browse(at)
      continue
    }
    const page = await response.text()
    const action = /<form[^>]* action="([^"]+)"/.exec(page)?.[1]
    // A form post back to the client (response_mode=form_post, as Apple's): its fields, as the answer's URL.
    if (action?.startsWith(redirectPrefix)) {
      const answer = new URL(action)
      for (const [, name, value] of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
        answer.searchParams.set(name ?? '', value ?? '')
      return answer
    }
    if (response.status !== 200 || !action)
      throw new Error(`Unexpected page (${response.status}): ${page.slice(0, 300)}`)
    at = new URL(action, at).href
    response = await browse(at, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any password' }).toString(),
    })
  }
  throw new Error('Too many redirects')
}
