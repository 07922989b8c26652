// What the issuers use of oidc-provider (loaded on start, typed here by what we call), and an issuer as mounted.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { LocalIssuerName } from './oidcUsers.ts'

/**
 * oidc-provider warns on the console, while constructing, that its in-memory store is for development only: what
 * these issuers are. The construction is synchronous, so no one else's warning is lost.
 */
export function quietly<T>(construct: () => T): T {
  const warn = console.warn
  console.warn = () => {}
  try {
    return construct()
  } finally {
    console.warn = warn
  }
}

// The part of oidc-provider used here.
export interface OidcAccount {
  accountId: string
  claims(): Promise<Record<string, unknown>>
}
export interface OidcGrant {
  addOIDCScope(scope: string): void
  addOIDCClaims(claims: string[]): void
  save(): Promise<string>
}
export interface OidcContext {
  oidc: {
    provider: OidcProvider
    client: { clientId: string }
    account: { accountId: string }
    requestParamOIDCScopes: Set<string>
    requestParamClaims: Set<string>
  }
}
export interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => unknown
  on(event: 'server_error', listener: (ctx: unknown, error: unknown) => void): void
  on(event: 'error', listener: (error: unknown) => void): void
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<OidcInteraction>
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result:
      | { login: { accountId: string } }
      | { consent: { grantId: string } }
      | { error: string; error_description: string },
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>
  AccessToken: {
    find(token: string): Promise<{ clientId: string; accountId: string; isExpired: boolean } | undefined>
  }
  Grant: {
    new (init: { clientId: string; accountId: string }): OidcGrant
    find(id: string): Promise<OidcGrant | undefined>
  }
}
export interface OidcInteraction {
  uid: string
  prompt: {
    name: 'login' | 'consent'
    details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] }
  }
  params: Record<string, unknown>
  session?: { accountId: string }
  grantId?: string
}
export interface OidcError extends Error {
  error: string
  error_description?: string
  statusCode: number
  /** Whether the error is the request's, told to the client. */
  expose: boolean
}
export interface OidcProviderModule {
  Provider: new (issuer: string, configuration: object) => OidcProvider
  errors: { OIDCProviderError: abstract new () => OidcError }
}

let oidcProvider: Promise<OidcProviderModule> | undefined

/** oidc-provider, imported on first start: importing it warns on Node 20, which other users of the package need not see. */
export function loadOidcProvider(): Promise<OidcProviderModule> {
  // @ts-expect-error oidc-provider ships no types (and @types/oidc-provider is not installed): the part used is typed above.
  oidcProvider ??= import('oidc-provider')
  return oidcProvider
}

export interface MountedIssuer {
  name: LocalIssuerName
  /** The issuer identifier, `http://host:port/<name>`. */
  url: string
  clientId: string
  provider: OidcProvider
  handle: (req: IncomingMessage, res: ServerResponse) => unknown
  /** The login name of each account id (the subject) that logged in. */
  logins: Map<string, string>
}
