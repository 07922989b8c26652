import type { Plugin } from 'vite'

const page = 'ssr.html'
const outlet = '<!--ssr-outlet-->'
const renderModule = './src/ssr/render.tsx'

/**
 * Fills ssr.html's outlet with `renderToString` of the provider and buttons: per request in dev (through
 * Vite's SSR loader, so edits show), once at build time otherwise (through tsx, in plain Node with no DOM).
 * The built page is static HTML that hydrates in the browser, and has no inline script (strict CSP).
 */
export function ssrPage(): Plugin {
  return {
    name: 'latch-demo-ssr-page',
    async transformIndexHtml(html, context) {
      if (!context.filename.endsWith(page)) return html
      const { render } = context.server
        ? await context.server.ssrLoadModule(renderModule)
        : await import('tsx/esm/api').then(({ tsImport }) => tsImport(renderModule, import.meta.url))
      if (!html.includes(outlet)) throw new Error(`${page} has no ${outlet}`)
      return html.replace(outlet, (render as () => string)())
    },
  }
}
