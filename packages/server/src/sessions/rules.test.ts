import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import {
  addressRefusal,
  chainRefusal,
  DEFAULT_SESSION_MS,
  datesRefusal,
  MAX_SESSION_MS,
  originRefusal,
  readSignInMessage,
  type SignInFields,
  sessionExpiry,
  signatureRefusal,
  timeRefusal,
} from './rules.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const now = new Date('2030-01-01T12:00:00Z')
const minutes = (n: number) => new Date(now.getTime() + n * 60_000)
const fields: SignInFields = {
  address,
  chainId: 1,
  domain: 'app.test',
  uri: 'https://app.test/',
  nonce: 'abcdefgh12345678',
  issuedAt: now,
}
const unauthorized = (error: string) => ({ status: 401, error, field: 'message' })

describe('readSignInMessage', () => {
  it('reads the fields of an EIP-4361 message', () => {
    const message = createSiweMessage({ ...fields, address, version: '1', expirationTime: minutes(60) })
    expect(readSignInMessage(message)).toEqual({
      ok: true,
      fields: expect.objectContaining({ ...fields, expirationTime: minutes(60) }),
    })
  })

  it('refuses text that is no message, naming the first field it lacks', () => {
    expect(readSignInMessage('hello')).toEqual({
      ok: false,
      refusal: { status: 400, error: 'The message has no address (EIP-4361)', field: 'message' },
    })
    const headerOnly = `app.test wants you to sign in with your Ethereum account:\n${address}\n\n`
    expect(readSignInMessage(headerOnly)).toMatchObject({
      ok: false,
      refusal: { error: 'The message has no chainId (EIP-4361)' },
    })
  })
})

describe('datesRefusal', () => {
  it('accepts dates between 1970 and 9999', () => {
    expect(datesRefusal({ ...fields, expirationTime: minutes(60), notBefore: minutes(-1) })).toBeUndefined()
  })

  it('names the date the database could not store', () => {
    expect(datesRefusal({ ...fields, expirationTime: new Date('+010000-01-01T00:00:00Z') })).toEqual({
      status: 400,
      error: "The message's Expiration Time is not a date between 1970 and 9999",
      field: 'message',
    })
    expect(datesRefusal({ ...fields, issuedAt: new Date(-1) })?.error).toBe(
      "The message's Issued At is not a date between 1970 and 9999",
    )
  })
})

describe('addressRefusal', () => {
  it('accepts an EVM address in any letter case', () => {
    expect(addressRefusal(address)).toBeUndefined()
    expect(addressRefusal(address.toLowerCase())).toBeUndefined()
  })

  it('refuses anything else', () => {
    expect(addressRefusal('0x1234')).toEqual({
      status: 400,
      error: 'The message’s address is not an EVM address',
      field: 'message',
    })
  })
})

describe('chainRefusal', () => {
  it('accepts a configured chain and refuses another', () => {
    const chains = new Set(['eip155:1'])
    expect(chainRefusal('eip155:1', chains)).toBeUndefined()
    expect(chainRefusal('eip155:5', chains)).toEqual({
      status: 400,
      error: 'Chain eip155:5 is not supported',
      field: 'message',
    })
  })
})

describe('originRefusal', () => {
  const none = new Set<string>()

  it('accepts a message naming the page that asks', () => {
    expect(originRefusal(fields, 'https://app.test', none)).toBeUndefined()
  })

  it('refuses an Origin header that is no origin', () => {
    expect(originRefusal(fields, 'not an origin', none)).toEqual({
      status: 400,
      error: 'The Origin header "not an origin" is not an origin',
      field: 'origin',
    })
  })

  it('refuses a domain other than the origin’s host', () => {
    expect(originRefusal(fields, 'https://evil.test', none)).toEqual(
      unauthorized('The message domain "app.test" does not match the origin "https://evil.test"'),
    )
  })

  it('refuses a URI on another origin, or no URL at all', () => {
    expect(originRefusal({ ...fields, uri: 'http://app.test/' }, 'https://app.test', none)).toEqual(
      unauthorized('The message URI "http://app.test/" is not on the origin "https://app.test"'),
    )
    expect(originRefusal({ ...fields, uri: 'app.test' }, 'https://app.test', none)?.error).toBe(
      'The message URI "app.test" is not on the origin "https://app.test"',
    )
  })

  it('without an Origin, accepts only the domains the operator lists', () => {
    expect(originRefusal(fields, undefined, new Set(['app.test']))).toBeUndefined()
    expect(originRefusal(fields, undefined, none)).toEqual(
      unauthorized('The message domain "app.test" is not one this server accepts'),
    )
  })
})

describe('timeRefusal', () => {
  it('accepts a current message, a minute of clock skew ahead or ten minutes old', () => {
    expect(timeRefusal({ issuedAt: minutes(1), expirationTime: minutes(60) }, now)).toBeUndefined()
    expect(timeRefusal({ issuedAt: minutes(-10), notBefore: now }, now)).toBeUndefined()
  })

  it('refuses a message out of its time, saying why', () => {
    expect(timeRefusal({ issuedAt: minutes(-1), expirationTime: now }, now)).toEqual(
      unauthorized('The message has expired'),
    )
    expect(timeRefusal({ issuedAt: now, notBefore: minutes(1) }, now)).toEqual(
      unauthorized('The message is not valid yet'),
    )
    expect(timeRefusal({ issuedAt: new Date(now.getTime() + 60_001) }, now)).toEqual(
      unauthorized('The message was issued in the future'),
    )
    expect(timeRefusal({ issuedAt: new Date(now.getTime() - 10 * 60_000 - 1) }, now)).toEqual(
      unauthorized('The message was issued more than 10 minutes ago'),
    )
  })
})

describe('signatureRefusal', () => {
  it('tells a wrong signature (401) from a chain that did not answer (502)', () => {
    expect(signatureRefusal('invalid', 'eip155:1')).toEqual({
      status: 401,
      error: 'Signature does not match the address',
      field: 'signature',
    })
    expect(signatureRefusal('unreachable', 'eip155:1')).toEqual({
      status: 502,
      error: 'Could not check the signature on eip155:1',
      field: 'signature',
    })
  })
})

describe('sessionExpiry', () => {
  it('ends at the message’s expiration, else a week after it was issued', () => {
    expect(sessionExpiry({ issuedAt: now, expirationTime: minutes(60) }, MAX_SESSION_MS)).toEqual(minutes(60))
    expect(sessionExpiry({ issuedAt: now }, MAX_SESSION_MS)).toEqual(
      new Date(now.getTime() + DEFAULT_SESSION_MS),
    )
  })

  it('never lasts longer than the operator allows', () => {
    const centuries = new Date('2300-01-01T00:00:00Z')
    expect(sessionExpiry({ issuedAt: now, expirationTime: centuries }, MAX_SESSION_MS)).toEqual(
      new Date(now.getTime() + MAX_SESSION_MS),
    )
    expect(sessionExpiry({ issuedAt: now }, 60_000)).toEqual(minutes(1))
  })
})
