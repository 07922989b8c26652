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
