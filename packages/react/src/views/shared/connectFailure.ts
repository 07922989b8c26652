import type { ConnectFailure } from '@latch/core'

/** What the Connecting views say when a connect attempt failed, by how it failed. */
export const connectFailureText: Record<ConnectFailure, { title: string; detail: string }> = {
  declined: {
    title: 'Connection declined',
    detail: 'Connection can be declined if a previous request is still active.',
  },
  timeout: { title: 'The wallet did not respond', detail: 'Open the wallet and try again.' },
  error: { title: 'Connection failed', detail: 'Something went wrong.' },
}
