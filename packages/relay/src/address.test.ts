import type { IncomingMessage } from 'node:http'
import { expect, test } from 'vitest'
import { addressKey, clientAddress } from './address.ts'

const request = (peer: string, forwarded?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage

test('behind trusted proxies the entry the outermost one appended counts, never what the client wrote', () => {
  expect(clientAddress(request('10.0.0.1', '6.6.6.6, 203.0.113.7'), 0)).toBe('10.0.0.1')
  expect(clientAddress(request('10.0.0.1', '6.6.6.6, 203.0.113.7'), 1)).toBe('203.0.113.7')
  expect(clientAddress(request('10.0.0.1', '6.6.6.6, 203.0.113.7, 10.0.0.9'), 2)).toBe('203.0.113.7')
  expect(clientAddress(request('10.0.0.1', '203.0.113.7'), 2)).toBe('203.0.113.7')
  expect(clientAddress(request('10.0.0.1'), 1)).toBe('10.0.0.1')
  expect(clientAddress(request('10.0.0.1', ' , '), 1)).toBe('10.0.0.1')
})

test.each([
  ['198.51.100.7', '198.51.100.7'],
  ['::ffff:198.51.100.7', '198.51.100.7'],
  ['198.51.100.7:4711', '198.51.100.7'],
  ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
  ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
  ['[2001:db8:1:2::9]:443', '2001:db8:1:2::/64'],
  ['2001:db8::1', '2001:db8:0:0::/64'],
  ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ['::1', '0:0:0:0::/64'],
  ['64:ff9b::198.51.100.7', '64:ff9b:0:0::/64'],
  ['::', '0:0:0:0::/64'],
  ['not an address', 'not an address'],
  ['x'.repeat(1000), 'x'.repeat(64)],
])('%s is counted as %s', (address, key) => {
  expect(addressKey(address)).toBe(key)
})
