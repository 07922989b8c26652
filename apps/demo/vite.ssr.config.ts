import { defineConfig, mergeConfig } from 'vite'
import demo from './vite.config.ts'

/**
 * ssr.html, built on its own after the demo (`npm run build`) into the same dist/: sharing one build would
 * split the demo's entry into chunks shared with this page, and `npm run size` measures the demo as an app
 * would ship it. The demo's manifest stays the one size.ts reads.
 */
export default mergeConfig(
  demo,
  defineConfig({
    build: { emptyOutDir: false, manifest: false, rolldownOptions: { input: 'ssr.html' } },
  }),
)
