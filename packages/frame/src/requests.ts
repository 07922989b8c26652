import type { FrameRequest, FrameResponse } from '@latch/core/frame'

/**
 * The frame's answer to one request. The e-mail login, keys and signing land here method by method; until a
 * method does, it is refused with 4200 (unsupported method), as EIP-1193 says.
 */
export async function answer(request: FrameRequest): Promise<FrameResponse> {
  switch (request.method) {
    case 'isConnected':
      return { id: request.id, result: { isConnected: false } }
    default:
      return {
        id: request.id,
        error: { code: 4200, message: `${request.method} is not supported by this wallet` },
      }
  }
}
