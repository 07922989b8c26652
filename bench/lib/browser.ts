import { type Browser, chromium } from '@playwright/test'

export const chromiumPath = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium'

/**
 * Headless Debian Chromium, quiet offline. Every host name but 127.0.0.1 fails to resolve at once and no
 * proxy is used: a request to the outside is still made (and counted) but fails fast, the same on every
 * machine, instead of waiting on whatever DNS or proxy the machine has.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-proxy-server',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  })
}
