// A sign-in message (EIP-4361) as fields the fuzzer can mutate one by one, and the text they make. Unlike viem's
// createSiweMessage this writes whatever the fields hold (a NUL, a date past 9999, a line of its own), so the
// server's parser and checks, not the client library, are what meets them.
import { wireText } from './hostile.ts'

/** The message's lines after its header, in EIP-4361's order, by field name. */
const labels: Record<string, string> = {
  uri: 'URI',
  version: 'Version',
  chainId: 'Chain ID',
  nonce: 'Nonce',
  issuedAt: 'Issued At',
  expirationTime: 'Expiration Time',
  notBefore: 'Not Before',
  requestId: 'Request ID',
}

export type SiweFields = Record<string, unknown>

/** The message text: the header (domain, address, statement), then a `Label: value` line per field. */
export function siweText(fields: SiweFields): string {
  const { domain, address, statement, resources, ...rest } = fields
  const header = `${wireText(domain)} wants you to sign in with your Ethereum account:\n${wireText(address)}\n\n`
  const lines = Object.entries(rest).map(([key, value]) => `${labels[key] ?? key}: ${wireText(value)}`)
  if (Array.isArray(resources))
    lines.push(['Resources:', ...resources.map((r) => `- ${wireText(r)}`)].join('\n'))
  else if (resources !== undefined) lines.push(`Resources:${wireText(resources)}`)
  return `${header}${statement === undefined ? '' : `${wireText(statement)}\n`}\n${lines.join('\n')}`
}

/** A message the server accepts from `origin` (http://localhost:5173) for `address`, with a fresh nonce. */
export function validSiweFields(address: string, nonce: string, now = Date.now()): SiweFields {
  return {
    domain: 'localhost:5173',
    address,
    statement: 'Sign in to the fuzzed app',
    uri: 'http://localhost:5173/',
    version: '1',
    chainId: 31337,
    nonce,
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + 3_600_000).toISOString(),
    notBefore: new Date(now - 60_000).toISOString(),
    requestId: 'fuzz-request',
    resources: ['https://localhost:5173/terms'],
  }
}
