import { expect, test } from 'vitest'
import { soak } from './soak.ts'

// One address against a relay with its default limits: more sockets than it may hold, more topics than each may
// subscribe to, 100 KB messages with a 30-day TTL from every socket at once. The relay refuses what is over its
// limits, keeps answering, and its resident memory grows by less than 160 MiB (the messages it keeps are capped at
// 64 MiB). `npm run bench:relay:soak` runs the attacker's full size.
test('under a hostile load the relay refuses what is over its limits, keeps answering and bounds its memory', async () => {
  const result = await soak({ sockets: 60, topicsPerSocket: 400, publishes: 400, messageSize: 100_000 })
  expect(result.alive).toBe(true)
  expect(result.answering).toBe(true)
  expect({ opened: result.socketsOpened, refused: result.socketsRefused }).toEqual({
    opened: 50,
    refused: 10,
  })
  expect(result.subscriptions).toEqual({ accepted: 50 * 200, refused: 50 * 200 })
  expect(result.publishes.accepted + result.publishes.refused).toBe(400)
  expect(result.rssPeakMiB - result.rssBeforeMiB).toBeLessThan(160)
}, 60_000)

// Many addresses (behind a trusted proxy) each open a socket that stops reading and subscribes to, or fetches, the
// same 6 MB of stored messages: without a bound on what the relay holds unsent for its sockets, each would cost a
// copy (1.4 GB here before there was one). Unsent data is capped at 64 MiB in all and a fetch answers with 1 MiB.
test('sockets that stop reading cannot make the relay hold a copy of the stored messages each', async () => {
  const result = await soak({
    sockets: 60,
    topicsPerSocket: 0,
    publishes: 60,
    messageSize: 100_000,
    manyAddresses: true,
    stalledReaders: 200,
  })
  expect(result.alive).toBe(true)
  expect(result.answering).toBe(true)
  expect(result.publishes.accepted).toBe(60)
  expect(result.readersOpened).toBe(200)
  expect(result.rssPeakMiB - result.rssBeforeMiB).toBeLessThan(120)
}, 60_000)
