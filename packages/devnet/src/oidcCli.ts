#!/usr/bin/env -S npx tsx
// `latch-oidc`: the local OAuth 2 / OpenID issuers on 127.0.0.1:OIDC_PORT (default 8790), each with one client, the
// Latch server's (its callbacks on FRAME_URL, default http://127.0.0.1:8789). `npm start` points the server at them
// (localSocialEnv), so a visitor can click Google in the demo and log in as any test user. Ctrl-C stops them.
import { localIssuerClient, localIssuerNames } from './oidcEnv.ts'
import { startOidcIssuers } from './oidcIssuers.ts'

const port = process.env.OIDC_PORT ? Number(process.env.OIDC_PORT) : 8790
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`latch-oidc: OIDC_PORT must be a port number, not ${process.env.OIDC_PORT}`)
  process.exit(2)
}
const frameUrl = process.env.FRAME_URL ?? 'http://127.0.0.1:8789'

const issuers = await startOidcIssuers({
  port,
  issuers: localIssuerNames,
  client: (name) => localIssuerClient(name, frameUrl),
  onError: (error) => console.error('latch-oidc:', error),
})
console.log(`issuers: ${issuers.url} (${localIssuerNames.join(', ')}; log in with any name and password)`)

let stopping = false
async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  await issuers.close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
