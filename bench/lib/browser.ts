import { type Browser, chromium } from '@playwright/test'

import { chromiumPath, quietChromiumArgs } from '../../scripts/chromium.ts'

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
      ...quietChromiumArgs,
      '--no-proxy-server',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  })
}
