import type { Page } from '@playwright/test'

export interface RequestLog {
  /** Requests (and WebSockets) to other origins from navigation until the user acted. */
  foreignBeforeAction: string[]
  /** Requests to the app's own origin until the user acted: the document and its assets. */
  ownBeforeAction: number
  /** Requests to other origins after the user acted. */
  foreignAfterAction: string[]
}

/** Logs every http(s) and ws(s) request of the page, split at the moment `markAction()` is called. */
export function watchRequests(page: Page, origin: string) {
  const log: RequestLog = { foreignBeforeAction: [], ownBeforeAction: 0, foreignAfterAction: [] }
  let acted = false
  const record = (url: string) => {
    if (!/^(https?|wss?):/.test(url)) return
    const own = new URL(url).origin === origin
    if (acted) {
      if (!own) log.foreignAfterAction.push(url)
    } else if (own) log.ownBeforeAction++
    else log.foreignBeforeAction.push(url)
  }
  page.on('request', (request) => record(request.url()))
  page.on('websocket', (socket) => record(socket.url()))
  return {
    log,
    markAction() {
      acted = true
    },
  }
}

/** Collects console errors and uncaught exceptions (each cut to 300 characters). */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text().slice(0, 300))
  })
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message.slice(0, 300)}`))
  return errors
}
