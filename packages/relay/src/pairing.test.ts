// The real WalletConnect clients pair, settle a session and round-trip a signature through the relay: the dapp
// side on @walletconnect/sign-client 2.25, the wallet side on @reown/walletkit 1.6. Nothing leaves the machine.
import { verifyMessage } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { createPair, type TestPair, walletAccount } from '../test/clients.ts'
import { type Relay, startRelay } from './relay.ts'

let relay: Relay | undefined

/**
 * A relay on a port under the kernel's ephemeral range (32768–60999 on Linux): restarted on the same port, it must
 * find it free, and no other test's `listen(0)` or outgoing connection is handed a port from below that range.
 */
async function startRelayOnOwnPort(): Promise<Relay> {
  return startRelayOn(() => 20_000 + Math.floor(Math.random() * 12_000))
}

/**
 * A relay on the port `pick` gives, tried up to 20 times while the port is in use. For a restart the pick is the old
 * port: one full run of the suite saw it in use for a moment after the relay closed (cause not found), so it is tried
 * again 100 ms later rather than failing the run.
 */
async function startRelayOn(pick: () => number): Promise<Relay> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startRelay({ port: pick() })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 20) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}
let pair: TestPair | undefined

afterAll(async () => {
  await pair?.close()
  await relay?.close()
})

describe('WalletConnect clients through the Latch relay', () => {
  it('pair, approve a session, answer personal_sign; after a relay restart both sides reconnect and it works again', async () => {
    relay = await startRelayOnOwnPort()
    pair = await createPair(relay.url)
    const session = await pair.connect()
    expect(session.accounts).toEqual([`eip155:31337:${walletAccount.address}`])

    const message = 'Signed through the Latch relay'
    const signature = await pair.sign(session.topic, message)
    expect(await verifyMessage({ address: walletAccount.address, message, signature })).toBe(true)
    expect((await relay.stats()).clients).toBe(2)

    // The relay restarts (its memory gone): both sides reconnect, subscribe again, and the next request works.
    const { port } = relay
    await relay.close()
    relay = await startRelayOn(() => port)
    const again = 'After the relay restarted'
    const second = await pair.sign(session.topic, again)
    expect(await verifyMessage({ address: walletAccount.address, message: again, signature: second })).toBe(
      true,
    )
    expect((await relay.stats()).clients).toBe(2)
  }, 90_000)
})
