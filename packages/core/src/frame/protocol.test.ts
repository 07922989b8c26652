import { describe, expect, it } from 'vitest'
import { type FrameMethod, keepsOnDevice } from './protocol.ts'

describe('keepsOnDevice', () => {
  it('is every login step that ends in a session, and the account type', () => {
    const steps: FrameMethod[] = [
      'connectEmail',
      'connectOtp',
      'connectSocial',
      'completeSocial',
      'connectTelegram',
      'completeTelegram',
      'connectFarcaster',
      'completeFarcaster',
      'setPreferredAccount',
    ]
    expect(steps.filter((method) => !keepsOnDevice(method))).toEqual([])
  })

  it('is a sign-out only when it forgets the device (a plain one is the server’s)', () => {
    expect(keepsOnDevice('signOut', { forgetDevice: true })).toBe(true)
    expect(keepsOnDevice('signOut')).toBe(false)
    expect(keepsOnDevice('signOut', { forgetDevice: false })).toBe(false)
    expect(keepsOnDevice('signOut', { forgetDevice: 'yes' })).toBe(false)
  })

  it('is never a read, an approval, or a step that writes nothing here', () => {
    const others: FrameMethod[] = [
      'getUser',
      'isConnected',
      'getChainId',
      'rpcRequest',
      'resendOtp',
      'cancelSocial',
      'cancelFarcaster',
      'cancelApproval',
      'syncTheme',
      'openWindow',
    ]
    expect(others.filter((method) => keepsOnDevice(method))).toEqual([])
  })
})
