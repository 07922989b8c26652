import { afterAll, beforeAll, expect, test } from 'vitest'
import { type RelayProcess, startRelayProcess } from './relayProcess.ts'
import { connect, resetUpgrade, token, topic } from './wsClient.ts'

let relay: RelayProcess
beforeAll(async () => {
  relay = await startRelayProcess()
}, 30_000)
afterAll(() => relay?.stop())

test('upgrades reset while they are refused or checked do not stop the relay', async () => {
  const expired = await token(relay.url, -60)
  const forged = `${(await token(relay.url)).slice(0, -10)}AAAAAAAAAA`
  const attempts = Array.from({ length: 40 }, (_, index) =>
    resetUpgrade(relay.url, [expired, forged, 'garbage', ''][index % 4]!, index % 5),
  )
  await Promise.all(attempts)
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(relay.stderr()).toBe('')
  expect(relay.alive()).toBe(true)

  const client = await connect(relay.url)
  expect((await client.call('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/)
  client.socket.terminate()
}, 30_000)
