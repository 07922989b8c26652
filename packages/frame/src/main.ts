// The frame's page. It talks to one page only, the one its server wrote into `latch-parent` after checking it
// against the project's allowed origins (the same origin is the document's only frame-ancestor): it posts `ready`
// to that exact origin, accepts `connect` only from that origin and from its parent window, and from then on reads
// requests from the MessageChannel port it was handed, answering each once.
import {
  FRAME_PROTOCOL,
  FRAME_PROTOCOL_VERSION,
  type FrameConnect,
  type FrameEvent,
  type FrameReady,
  type FrameRequest,
  type FrameResponse,
  isFrameMessage,
} from '@latch/core/frame'
import './frame.css'
import { answerOf } from './refusal.ts'
import { answer, email, type PageContext } from './requests.ts'

const parentOrigin = document.querySelector('meta[name="latch-parent"]')?.getAttribute('content') ?? ''

function isRequest(data: unknown): data is FrameRequest {
  const request = data as Partial<FrameRequest> | null
  return typeof request?.id === 'string' && request.id.length <= 100 && typeof request.method === 'string'
}

if (parentOrigin && window.parent === window && new URLSearchParams(location.search).has('window'))
  // The wallet's own window, opened by a frame of this origin that the browser gives no storage (vault.ts).
  void import('./vault.ts').then(({ serveVault }) => serveVault(parentOrigin))
else if (parentOrigin && window.parent !== window) {
  let port: MessagePort | undefined
  window.addEventListener('message', (event) => {
    if (port || event.origin !== parentOrigin || event.source !== window.parent) return
    if (!isFrameMessage<FrameConnect>(event.data, 'connect') || !event.ports[0]) return
    const connected = event.ports[0]
    port = connected
    // The page opens the frame when the visitor starts typing an address: its login's steps come at once.
    email.load().catch(() => undefined)
    const page: PageContext = {
      origin: parentOrigin,
      show: () => connected.postMessage({ event: 'show' } satisfies FrameEvent),
      hide: () => connected.postMessage({ event: 'hide' } satisfies FrameEvent),
    }
    connected.onmessage = (message) => {
      if (!isRequest(message.data)) return
      const request = message.data
      answer(request, page).then(
        (response: FrameResponse) => connected.postMessage(response),
        (error: unknown) =>
          connected.postMessage({
            id: request.id,
            error: answerOf(error, request.method),
          } satisfies FrameResponse),
      )
    }
  })
  const ready: FrameReady = { protocol: FRAME_PROTOCOL, type: 'ready', version: FRAME_PROTOCOL_VERSION }
  window.parent.postMessage(ready, parentOrigin)
}
