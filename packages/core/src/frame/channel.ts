import { BaseError } from '../errors/BaseError.ts'
import {
  FRAME_PROTOCOL,
  FRAME_PROTOCOL_VERSION,
  type FrameConnect,
  type FrameError,
  type FrameEvent,
  type FrameMethod,
  type FrameReady,
  type FrameRequest,
  type FrameResponse,
  isFrameMessage,
} from './protocol.ts'

/** The frame did not load and say it was ready in time (unreachable, or refused this page: not on its allowlist). */
export class FrameLoadError extends BaseError {
  override name = 'FrameLoadError'
  constructor(details: string) {
    super('The wallet could not be loaded', { details })
  }
}

/** A request the frame did not answer in time. */
export class FrameTimeoutError extends BaseError {
  override name = 'FrameTimeoutError'
  constructor(method: FrameMethod, ms: number) {
    super('The wallet did not answer in time', { details: `${method} had no answer within ${ms} ms.` })
  }
}

/** The frame's refusal of a request: its EIP-1193 code and message. */
export class FrameRequestError extends BaseError {
  override name = 'FrameRequestError'
  readonly code: number
  readonly data: unknown
  constructor(error: FrameError) {
    super(error.message)
    this.code = error.code
    this.data = error.data
  }
}

/** The channel was closed while the request waited. */
export class FrameClosedError extends BaseError {
  override name = 'FrameClosedError'
  constructor() {
    super('The wallet was closed')
  }
}

export interface FrameChannelOptions {
  /** The frame origin's base URL (`frameUrl`). */
  frameUrl: string
  projectId: string
  /** Where the (hidden) iframe goes; default the document's body. */
  container?: HTMLElement
  /** How long the frame may take to load and say it is ready (default 15 s). */
  loadTimeoutMs?: number
  /** How long a request may wait for its answer (default 30 s); a request may give its own. */
  requestTimeoutMs?: number
}

export interface FrameChannel {
  /** The frame's element (hidden until a view shows it). */
  readonly iframe: HTMLIFrameElement
  /** Asks the frame; settles with its answer, its refusal (FrameRequestError), a timeout, or FrameClosedError. */
  request<T = unknown>(method: FrameMethod, params?: unknown, options?: { timeoutMs?: number }): Promise<T>
  /** Calls `listener` with each event the frame sends (show, hide); answers an unsubscribe. */
  onEvent(listener: (event: FrameEvent) => void): () => void
  /** Removes the frame and rejects what waits. */
  close(): void
}

/**
 * Loads the embedded wallet's frame and connects to it: the frame posts `ready` to this page's exact origin; this
 * page accepts it only from the frame's origin and the iframe's own window, then hands the frame one end of a
 * MessageChannel (posted to the frame's exact origin), which carries every request after. Nothing is ever posted
 * to `'*'`.
 *
 * @example
 * const frame = await openFrameChannel({ frameUrl: 'http://127.0.0.1:8789', projectId: 'latch-demo' })
 * await frame.request('isConnected') // { isConnected: false }
 */
export async function openFrameChannel(options: FrameChannelOptions): Promise<FrameChannel> {
  const frameOrigin = new URL(options.frameUrl).origin
  const container = options.container ?? document.body
  const view = container.ownerDocument.defaultView
  if (!view) throw new FrameLoadError('The container is not in a window.')
  const src = new URL('/frame', options.frameUrl)
  src.searchParams.set('projectId', options.projectId)
  src.searchParams.set('parent', view.location.origin)
  const iframe = container.ownerDocument.createElement('iframe')
  iframe.src = src.href
  iframe.title = 'Wallet'
  iframe.hidden = true

  const loadTimeoutMs = options.loadTimeoutMs ?? 15_000
  let stopWaiting = () => {}
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== frameOrigin || event.source !== iframe.contentWindow) return
      if (!isFrameMessage<FrameReady>(event.data, 'ready')) return
      stopWaiting()
      resolve()
    }
    const timer = setTimeout(() => {
      stopWaiting()
      reject(
        new FrameLoadError(
          `${frameOrigin} did not answer within ${loadTimeoutMs} ms: it is unreachable, or this page's origin is not on the project's allowed origins.`,
        ),
      )
    }, loadTimeoutMs)
    stopWaiting = () => {
      clearTimeout(timer)
      view.removeEventListener('message', onMessage)
    }
    view.addEventListener('message', onMessage)
  })
  container.append(iframe)
  try {
    await ready
  } catch (error) {
    iframe.remove()
    throw error
  }

  const { port1, port2 } = new MessageChannel()
  const connect: FrameConnect = { protocol: FRAME_PROTOCOL, type: 'connect', version: FRAME_PROTOCOL_VERSION }
  iframe.contentWindow?.postMessage(connect, frameOrigin, [port2])

  const pending = new Map<
    string,
    { resolve(value: unknown): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout> }
  >()
  let closed = false
  const listeners = new Set<(event: FrameEvent) => void>()
  port1.onmessage = (event: MessageEvent) => {
    const frameEvent = event.data as Partial<FrameEvent> | null
    if (frameEvent?.event === 'show' || frameEvent?.event === 'hide') {
      for (const listener of listeners) listener({ event: frameEvent.event })
      return
    }
    const response = event.data as Partial<FrameResponse> | null
    if (typeof response?.id !== 'string') return
    const waiting = pending.get(response.id)
    if (!waiting) return
    pending.delete(response.id)
    clearTimeout(waiting.timer)
    if ('error' in response && response.error) waiting.reject(new FrameRequestError(response.error))
    else waiting.resolve('result' in response ? response.result : undefined)
  }

  return {
    iframe,
    request<T>(method: FrameMethod, params?: unknown, requestOptions: { timeoutMs?: number } = {}) {
      if (closed) return Promise.reject(new FrameClosedError())
      const timeoutMs = requestOptions.timeoutMs ?? options.requestTimeoutMs ?? 30_000
      const id = crypto.randomUUID()
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id)
          reject(new FrameTimeoutError(method, timeoutMs))
        }, timeoutMs)
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer })
        const request: FrameRequest = params === undefined ? { id, method } : { id, method, params }
        port1.postMessage(request)
      })
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      if (closed) return
      closed = true
      listeners.clear()
      for (const [id, waiting] of pending) {
        clearTimeout(waiting.timer)
        pending.delete(id)
        waiting.reject(new FrameClosedError())
      }
      port1.close()
      iframe.remove()
    },
  }
}
