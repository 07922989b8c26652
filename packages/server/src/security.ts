import helmet from '@fastify/helmet'
import type { FastifyInstance, FastifyReply } from 'fastify'

/**
 * The policy of every API answer: JSON and images are never a document that runs or frames anything. Routes that
 * serve a page set their own (`/docs`, the image routes for SVGs opened directly).
 */
export const apiCsp = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** `/docs` (Swagger UI): its scripts and styles from this server only; Swagger UI sets inline styles. */
export const docsCsp = [
  "default-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
].join('; ')

/**
 * Security headers on every answer (`@fastify/helmet`): nosniff, no framing, a strict CSP, no referrer. Images stay
 * embeddable from other origins (dapps show wallet and token icons). HSTS is left to the TLS terminator, which
 * knows the domain's policy. With `allowedHosts`, a request naming another Host is refused (421) before any route
 * runs, except the health check that load balancers send by address.
 *
 * @example
 * await registerSecurity(app, { allowedHosts: ['latch.example.com'] })
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { allowedHosts?: readonly string[] },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(apiCsp) },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  })
  const allowed = options.allowedHosts?.length
    ? new Set(options.allowedHosts.map((host) => host.toLowerCase()))
    : undefined
  if (allowed)
    app.addHook('onRequest', async (request, reply) => {
      if (request.url === '/health' || allowed.has(request.host.toLowerCase())) return
      return reply.code(421).send({ error: `This server does not answer for host ${request.host}` })
    })
}

/** A policy string as helmet's directives object. */
function cspDirectives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/)
      return [name!, values]
    }),
  )
}

/**
 * Adds a field to the response's `Vary` without dropping the ones already there (CORS varies by Origin: a shared
 * cache must not serve one origin's answer to another).
 */
export function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary')
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (fields.includes('*') || fields.some((part) => part.toLowerCase() === field.toLowerCase())) return
  reply.header('vary', [...fields, field].join(', '))
}
