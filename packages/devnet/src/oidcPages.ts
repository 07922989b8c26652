// The issuers' own login and consent pages: a form for any login name and password, then the grant; nothing they load
// comes from outside their origin.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MountedIssuer } from './oidcProvider.ts'
import { type LocalIssuerName, userOf } from './oidcUsers.ts'

/** The issuers' names as people know them, on their pages. */
const issuerTitles: Record<LocalIssuerName, string> = {
  google: 'Google',
  apple: 'Apple',
  discord: 'Discord',
  github: 'GitHub',
  x: 'X',
  facebook: 'Facebook',
}

/**
 * The page of an interaction (`GET /<name>/interaction/<uid>`): the login form (any login name, any password), or,
 * when the client asked for it with `prompt=consent`, the consent form. Other sessions' pages are oidc-provider's
 * JSON errors.
 */
export async function showInteraction(issuer: MountedIssuer, req: IncomingMessage, res: ServerResponse) {
  const { uid, prompt, params } = await issuer.provider.interactionDetails(req, res)
  const base = `${issuer.url}/interaction/${encodeURIComponent(uid)}`
  const hint = typeof params.login_hint === 'string' ? params.login_hint : undefined
  const form =
    prompt.name === 'login'
      ? `<form autocomplete="off" action="${escapeHtml(base)}" method="post">
<input type="hidden" name="prompt" value="login">
<input required type="text" name="login" aria-label="Login" placeholder="Enter any login"${hint === undefined ? ' autofocus' : ` value="${escapeHtml(hint)}"`}>
<input required type="password" name="password" aria-label="Password" placeholder="and password"${hint === undefined ? '' : ' autofocus'}>
<button type="submit">Sign-in</button>
</form>`
      : `<p>${escapeHtml(String(params.client_id))} asks for ${escapeHtml(prompt.details.missingOIDCScope?.join(', ') || 'the access you gave it before')}.</p>
<form autocomplete="off" action="${escapeHtml(base)}" method="post">
<input type="hidden" name="prompt" value="consent">
<button type="submit" autofocus>Continue</button>
</form>`
  const title = prompt.name === 'login' ? 'Sign-in' : 'Authorize'
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // Nothing but the page itself and its inline style: no font, image or script from anywhere.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
  })
  res.end(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – ${issuerTitles[issuer.name]} (local test issuer)</title>
<style>
body{margin:25px 8px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#202124;background:#fff}
main{box-sizing:border-box;max-width:354px;margin:0 auto;padding:0 40px 10px;background:#f7f7f7;border-radius:2px;box-shadow:0 2px 2px rgba(0,0,0,.3)}
h1{margin:0;padding:24px 0 8px;font-size:2em;font-weight:300;text-align:center}
p{margin:0 0 16px;text-align:center;color:#5f6368;font-size:14px}
input{box-sizing:border-box;width:100%;height:44px;margin-bottom:10px;padding:0 8px;border:1px solid #d9d9d9;border-top-color:silver;background:#fff;font:inherit;font-size:16px}
button{display:block;width:100%;height:36px;margin-bottom:10px;border:0;background:#1a73e8;color:#fff;font:inherit;font-size:14px;font-weight:700;cursor:pointer}
button:hover{background:#1765cc}
a{display:block;margin:4px 0 12px;color:#5f6368;font-size:12px;text-align:center;text-decoration:none}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${issuerTitles[issuer.name]}, as a local test issuer: any login, any password.</p>
${form}
<a href="${escapeHtml(`${base}/abort`)}">Cancel</a>
</main>
</body>
</html>
`)
}

/** Cancel on an interaction's page: the client hears `access_denied`, as from a user who closes the provider's page. */
export async function abortInteraction(issuer: MountedIssuer, req: IncomingMessage, res: ServerResponse) {
  await issuer.provider.interactionFinished(
    req,
    res,
    { error: 'access_denied', error_description: 'End-User aborted interaction' },
    { mergeWithLastSubmission: false },
  )
}

/**
 * An interaction's form submitted. The login form: oidc-provider's own handler would make the typed login the
 * account id, and it always answers the account id as `sub`; the account id here is the issuer's subject for the
 * login. The consent form grants what the client asked for.
 */
export async function submitInteraction(issuer: MountedIssuer, req: IncomingMessage, res: ServerResponse) {
  const form = new URLSearchParams(await readBody(req))
  if (form.get('prompt') === 'consent') return submitConsent(issuer, req, res)
  const user = userOf(form.get('login') ?? '')
  if (form.get('prompt') !== 'login' || !user) {
    // Not a login name: the form again.
    res.writeHead(303, { location: req.url ?? '/' }).end()
    return
  }
  const accountId = user.subjects[issuer.name]
  issuer.logins.set(accountId, user.login)
  await issuer.provider.interactionFinished(
    req,
    res,
    { login: { accountId } },
    { mergeWithLastSubmission: false },
  )
}

export async function submitConsent(issuer: MountedIssuer, req: IncomingMessage, res: ServerResponse) {
  const { provider } = issuer
  const { prompt, grantId, session, params } = await provider.interactionDetails(req, res)
  if (prompt.name !== 'consent' || !session) {
    res.writeHead(303, { location: req.url ?? '/' }).end()
    return
  }
  const grant =
    (grantId ? await provider.Grant.find(grantId) : undefined) ??
    new provider.Grant({ clientId: String(params.client_id), accountId: session.accountId })
  if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '))
  if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims)
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: true },
  )
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char)

export async function readBody(req: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of req) {
    body += chunk
    if (body.length > maxFormLength) throw new Error('The login form is too large')
  }
  return body
}

/** The login form carries a login name and a password. */
const maxFormLength = 4096
