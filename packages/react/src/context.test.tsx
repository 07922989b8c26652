// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderHookWithClient } from '../test/renderWithClient.tsx'
import { useLatchClient } from './context.ts'
import { useAccount } from './hooks/useAccount.ts'
import { useDisconnect } from './hooks/useDisconnect.ts'
import { useLatch } from './hooks/useLatch.ts'
import { useNetwork } from './hooks/useNetwork.ts'
import { useWalletInfo } from './hooks/useWalletInfo.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

const hooks: Record<string, () => unknown> = {
  useLatchClient,
  useAccount,
  useNetwork,
  useLatch,
  useDisconnect,
  useWalletInfo,
}

describe('hooks outside <LatchProvider>', () => {
  it.each(Object.entries(hooks))('%s throws an error that says where it belongs', (_name, hook) => {
    // React reports the render error on the console too; the thrown error is what this test reads.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)

    expect(() => renderHook(hook)).toThrow('Latch hooks must be used inside <LatchProvider client={…}>.')
  })
})

describe('useLatchClient', () => {
  it('gives the client of the nearest provider', async () => {
    const { result, client } = await renderHookWithClient(useLatchClient)

    expect(result.current).toBe(client)
  })
})
