/** Debian's Chromium, the one browser the tests and the bench use (nothing downloads a browser). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags that keep Chromium from reaching out on its own (updates, sync, component downloads) offline. */
export const quietChromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
