/**
 * The strict Content-Security-Policy the demo must work under (DESIGN.md rule 9): no inline script or
 * style, images from the app, data: URLs and the local services, connections to the local chains and
 * relay, the embedded wallet's frame from its local origin; no `<base>` to redirect relative URLs, forms that post only to the app, and no other page may frame
 * it (clickjacking). `DEMO_CSP=1 vite preview` serves the built demo with it; the e2e `csp` project runs there.
 */
export const strictCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: http://127.0.0.1:*",
  "connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*",
  'frame-src http://127.0.0.1:*',
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')
