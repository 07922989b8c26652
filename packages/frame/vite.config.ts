import { defineConfig } from 'vite'
import { clientSourceConditions } from '../../scripts/sourceConditions.ts'

// The frame's page and its one script, served by @latch/server at /frame and /assets/… on the frame's origin.
export default defineConfig({
  resolve: { conditions: clientSourceConditions },
  build: {
    outDir: 'dist',
    // scripts/size.ts reads it for the frame page's budget.
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    // Strict CSP: no data: URLs, no inline script, no module preload polyfill.
    assetsInlineLimit: 0,
    modulePreload: false,
  },
})
