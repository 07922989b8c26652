import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { clientSourceConditions, serverSourceConditions } from '../../scripts/sourceConditions.ts'
import { strictCsp } from './csp.ts'
import { devWalletCopy } from './devWalletCopy.ts'
import { ssrPage } from './ssrPage.ts'

export default defineConfig({
  plugins: [react(), ssrPage(), devWalletCopy()],
  // The demo runs the packages from their sources (their exports' `latch-source` condition), as a change shows
  // at once; an app that installs them from npm gets dist/ (the consumer tests build one: consumers/).
  resolve: { conditions: clientSourceConditions },
  ssr: { resolve: { conditions: serverSourceConditions } },
  build: {
    manifest: true,
    target: 'es2022',
    // Keep each lazy view in its own chunk; never inline chunks as data: URLs (strict CSP).
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // Six characters of hash for every file, stylesheets too: the entry lists the lazy chunks' files to preload, and
    // each name is paid for by every page (an 8-character hash is random bytes gzip cannot shrink).
    rollupOptions: {
      output: {
        chunkFileNames: 'assets/[name]-[hash:6].js',
        assetFileNames: 'assets/[name]-[hash:6][extname]',
      },
    },
  },
  server: { host: '127.0.0.1', port: Number(process.env.DEMO_PORT ?? 5173), strictPort: true },
  preview: {
    host: '127.0.0.1',
    headers: process.env.DEMO_CSP === '1' ? { 'Content-Security-Policy': strictCsp } : {},
  },
})
