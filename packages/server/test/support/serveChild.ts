// Child process of crash.test.ts: the server on a PGlite directory; prints its URL.
import { startServer } from '../../src/startServer.ts'

const server = await startServer({ port: 0, dataDir: process.argv[2]! })
console.log(`url ${server.url}`)
