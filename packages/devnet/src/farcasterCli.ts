#!/usr/bin/env -S npx tsx
// `latch-farcaster`: answers a Sign In With Farcaster URI from the terminal, as a user's Farcaster client would
// after scanning the app's QR code. The user is registered on the devnet's ID registry (LATCH_RPC_A, default
// http://127.0.0.1:8545) the first time; the answer goes to the relay FARCASTER_RELAY (default the development
// server's, http://127.0.0.1:8787/farcaster) with the key LATCH_FARCASTER_RELAY_KEY (default the development key).
import { parseArgs } from 'node:util'

const help = `Usage: latch-farcaster [--forge] [--user <name>] <farcaster://connect URI>

Signs in to the app that shows the URI as a Farcaster user of the devnet.

  --user <name>  the user (default alice); the same name is the same fid on a chain
  --forge        answer with a signature by another key: the relay takes it, the app must refuse it
  --help         this text

Environment: FARCASTER_RELAY (default http://127.0.0.1:8787/farcaster), LATCH_FARCASTER_RELAY_KEY (default the
development key), LATCH_RPC_A (default http://127.0.0.1:8545).`

let options: { forge: boolean; user: string; help: boolean; uri: string | undefined }
try {
  const { values, positionals } = parseArgs({
    options: {
      forge: { type: 'boolean', default: false },
      user: { type: 'string', default: 'alice' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
  })
  if (positionals.length > 1) throw new Error('Give one URI')
  options = { ...values, uri: positionals[0] }
} catch (error) {
  console.error(`latch-farcaster: ${(error as Error).message}\n\n${help}`)
  process.exit(2)
}
if (options.help) {
  console.log(help)
  process.exit(0)
}
if (!options.uri) {
  console.error(`latch-farcaster: give the farcaster://connect URI the app shows\n\n${help}`)
  process.exit(2)
}

try {
  // Imported once the arguments are good: viem and the auth client take seconds to load under tsx, --help need not.
  const { createFarcasterClient, devFarcasterRelayKey } = await import('./farcasterClient.ts')
  const client = await createFarcasterClient({
    relay: process.env.FARCASTER_RELAY ?? 'http://127.0.0.1:8787/farcaster',
    relayKey: process.env.LATCH_FARCASTER_RELAY_KEY ?? devFarcasterRelayKey,
    rpcUrl: process.env.LATCH_RPC_A ?? 'http://127.0.0.1:8545',
    username: options.user,
  })
  const who = `@${client.username} (fid ${client.fid})`
  if (options.forge) {
    await client.forge(options.uri)
    console.log(
      `Forged an answer for ${who}, signed by a key that is not its custody: the app must refuse it`,
    )
  } else {
    await client.approve(options.uri)
    console.log(`Approved as ${who}`)
  }
} catch (error) {
  console.error(`latch-farcaster: ${(error as Error).message}`)
  process.exit(1)
}
