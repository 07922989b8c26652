import { describe, expect, it } from 'vitest'
import {
  isPairingExpired,
  PAIRING_EXPIRY_MS,
  safeLink,
  usesWalletConnectCloud,
  walletConnectLink,
} from './pairing.ts'

const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=587d'
const encoded = encodeURIComponent(uri)

describe('isPairingExpired (SPEC §4: expired within 10 s of expiry)', () => {
  const now = 1_000_000

  it('is false for a link created just now', () => {
    expect(isPairingExpired(now + PAIRING_EXPIRY_MS, now)).toBe(false)
  })

  it('is false with 10 s left and true with less', () => {
    expect(isPairingExpired(now + 10_000, now)).toBe(false)
    expect(isPairingExpired(now + 9_999, now)).toBe(true)
  })

  it('is true past the expiry and when there is no link', () => {
    expect(isPairingExpired(now - 1, now)).toBe(true)
    expect(isPairingExpired(undefined, now)).toBe(true)
  })
})

describe('walletConnectLink', () => {
  it("appends wc?uri= to a wallet's own scheme", () => {
    expect(walletConnectLink('rainbow://', uri)).toBe(`rainbow://wc?uri=${encoded}`)
  })

  it('completes a bare scheme', () => {
    expect(walletConnectLink('trust:', uri)).toBe(`trust://wc?uri=${encoded}`)
    expect(walletConnectLink('zerion', uri)).toBe(`zerion://wc?uri=${encoded}`)
  })

  it('adds a path separator to a universal link, once', () => {
    expect(walletConnectLink('https://link.wallet.example', uri)).toBe(
      `https://link.wallet.example/wc?uri=${encoded}`,
    )
    expect(walletConnectLink('https://link.wallet.example/app/', uri)).toBe(
      `https://link.wallet.example/app/wc?uri=${encoded}`,
    )
  })

  it('encodes the URI so its own query stays one parameter', () => {
    const link = new URL(walletConnectLink('https://link.wallet.example', uri)!)
    expect(link.searchParams.get('uri')).toBe(uri)
    expect([...link.searchParams.keys()]).toEqual(['uri'])
  })

  it('gives nothing for a missing link or one that would run code', () => {
    expect(walletConnectLink(null, uri)).toBeUndefined()
    expect(walletConnectLink('', uri)).toBeUndefined()
    expect(walletConnectLink('javascript:alert(1)//', uri)).toBeUndefined()
    expect(walletConnectLink('data:text/html,hi', uri)).toBeUndefined()
  })
})

describe('safeLink', () => {
  it('keeps wallet schemes and web links, drops code and local content', () => {
    expect(safeLink('rainbow://')).toBe('rainbow://')
    expect(safeLink('https://wallet.example')).toBe('https://wallet.example')
    expect(safeLink('javascript:alert(1)')).toBeUndefined()
    expect(safeLink('file:///etc/passwd')).toBeUndefined()
    expect(safeLink('not a url')).toBeUndefined()
  })
})

describe('usesWalletConnectCloud', () => {
  it("tells WalletConnect's relay from a self-hosted one, whatever the path or port form", () => {
    expect(usesWalletConnectCloud('wss://relay.walletconnect.org')).toBe(true)
    expect(usesWalletConnectCloud('wss://relay.walletconnect.org/?x=1')).toBe(true)
    expect(usesWalletConnectCloud('ws://127.0.0.1:8788')).toBe(false)
    expect(usesWalletConnectCloud('wss://relay.example.com')).toBe(false)
  })
})
