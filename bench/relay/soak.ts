// `npm run bench:relay:soak`: the attacks that once exhausted the relay's memory, at their full size, against
// `latch-relay` with its default limits in its own process. Prints what the relay accepted and refused and its
// resident memory before, at the peak and after.
import { soak } from '../../packages/relay/test/soak.ts'

const runs = [
  {
    name: 'one connection: 5,000 × 100 KB messages with a 30-day TTL',
    options: { sockets: 1, topicsPerSocket: 0, publishes: 5000, messageSize: 100_000 },
  },
  {
    name: 'one address: 500 sockets × 1,000 topics',
    options: { sockets: 500, topicsPerSocket: 1000, publishes: 0, messageSize: 1 },
  },
  {
    name: '500 addresses (behind a trusted proxy): 500 sockets × 1,000 topics, then 5,000 × 100 KB messages',
    options: {
      sockets: 500,
      topicsPerSocket: 1000,
      publishes: 5000,
      messageSize: 100_000,
      manyAddresses: true,
    },
  },
  {
    name: '2,000 addresses: sockets that stop reading subscribe to, or fetch, 100 stored 100 KB messages each',
    options: {
      sockets: 100,
      topicsPerSocket: 0,
      publishes: 100,
      messageSize: 100_000,
      manyAddresses: true,
      stalledReaders: 2000,
    },
  },
]

const mib = (value: number) => `${value.toFixed(0)} MiB`
for (const { name, options } of runs) {
  const result = await soak(options)
  console.log(`\n${name} (${result.seconds.toFixed(1)} s)`)
  console.log(`  sockets: ${result.socketsOpened} open, ${result.socketsRefused} refused`)
  if (options.stalledReaders) console.log(`  stalled readers: ${result.readersOpened} let in`)
  console.log(
    `  subscriptions: ${result.subscriptions.accepted} accepted, ${result.subscriptions.refused} refused`,
  )
  console.log(`  publishes: ${result.publishes.accepted} accepted, ${result.publishes.refused} refused`)
  console.log(
    `  memory (RSS): ${mib(result.rssBeforeMiB)} before, ${mib(result.rssPeakMiB)} at the peak, ${mib(result.rssAfterMiB)} after`,
  )
  console.log(
    `  still answering: ${result.answering ? 'yes' : 'NO'}; process alive: ${result.alive ? 'yes' : 'NO'}`,
  )
  if (!result.answering || !result.alive) process.exitCode = 1
}
