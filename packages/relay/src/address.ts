import type { IncomingMessage } from 'node:http'
import { isIPv4, isIPv6 } from 'node:net'

/**
 * Who is on the other end of an upgrade: the socket's peer, or, behind `proxies` proxies the relay trusts, the
 * X-Forwarded-For entry the outermost of them appended (`proxies` entries from the right). Entries further left
 * were written by the client itself (nginx and most CDNs append to what the client sent), so they are never
 * believed: a client must not pick a fresh address for each socket.
 *
 * @example
 * clientAddress(request, 1) // 'x-forwarded-for: 6.6.6.6, 203.0.113.7' → '203.0.113.7'
 */
export function clientAddress(request: IncomingMessage, proxies: number): string {
  const peer = request.socket.remoteAddress ?? 'unknown'
  if (proxies <= 0) return peer
  const header = request.headers['x-forwarded-for']
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  // Fewer entries than proxies: the client came through fewer of them, and the leftmost is the first a proxy wrote.
  return entries[entries.length - proxies] ?? entries[0] ?? peer
}

/**
 * The key an address's connections are counted under. An IPv6 address counts as its /64: one customer (a home, a
 * VM) is routinely given a whole /64, and counting single addresses would let it open a share per address. An
 * IPv4-mapped IPv6 address counts as its IPv4 address; a port or brackets some proxies add are dropped.
 *
 * @example
 * addressKey('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 * addressKey('::ffff:198.51.100.7') // '198.51.100.7'
 */
export function addressKey(address: string): string {
  let plain = address.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(plain)
  if (bracketed) plain = bracketed[1]!
  plain = plain.replace(/%.*$/, '').replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain)
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!
  if (isIPv4(plain)) return plain
  // Not an address (an odd header behind a misconfigured proxy): counted as what it says, within bounds.
  if (!isIPv6(plain)) return plain.slice(0, 64)
  return `${ipv6Groups(plain).slice(0, 4).join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address, in hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const parse = (part: string) =>
    part
      ? part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group]
          // An embedded IPv4 address (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is the last two groups.
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number]
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
        })
      : []
  const [head = '', tail] = address.split('::')
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16))
}
