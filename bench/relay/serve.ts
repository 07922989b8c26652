// The relay under test, in its own process: prints nothing, tells the parent its URL.
import { redisStore, startRelay } from '@latch/relay'
import { startRedis } from '../../packages/relay/test/redisServer.ts'

const redis = process.argv.includes('--redis') ? await startRedis() : undefined
const store = redis ? await redisStore(redis.url) : undefined
const relay = await startRelay({ port: 0, maxSubscriptionsPerClient: 10, ...(store ? { store } : {}) })
process.send?.(relay.url)
process.once('SIGTERM', () => {
  void relay
    .close()
    .then(() => store?.close())
    .then(() => redis?.stop())
    .then(() => process.exit(0))
})
