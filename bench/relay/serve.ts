// The relay under test, in its own process: prints nothing, tells the parent its URL.
import { redisStore, startRelay } from '@latch/relay'
import { startRedis } from '../../packages/relay/test/redisServer.ts'

const redis = process.argv.includes('--redis') ? await startRedis() : undefined
const store = redis ? await redisStore(redis.url) : undefined
// 100 pairs are 200 sockets from one address, each publishing as fast as it can: the per-address and
// per-connection limits are lifted so that the benchmark measures delivery, not the quotas.
const relay = await startRelay({
  port: 0,
  limits: {
    maxSubscriptionsPerClient: 10,
    maxConnectionsPerIp: 1000,
    publishBurstBytes: 1024 ** 3,
    publishBytesPerSecond: 1024 ** 3,
    frameBurst: 1e9,
    framesPerSecond: 1e9,
  },
  ...(store ? { store } : {}),
})
process.send?.(relay.url)
process.once('SIGTERM', () => {
  void relay
    .close()
    .then(() => store?.close())
    .then(() => redis?.stop())
    .then(() => process.exit(0))
})
