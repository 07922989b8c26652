// The demo's Vite dev server on DEMO_PORT (default 5173, from apps/demo/vite.config.ts), as its own process for
// `npm start`. Prints `demo: <url>` once it listens; SIGTERM or SIGINT closes it. Plain JavaScript run by Node
// alone: under tsx's module hooks Vite takes about five times as long to start (Vite compiles its TypeScript
// config itself).
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

const demo = await createServer({
  root: fileURLToPath(new URL('../apps/demo', import.meta.url)),
  configFile: fileURLToPath(new URL('../apps/demo/vite.config.ts', import.meta.url)),
})
await demo.listen()
console.log(`demo: ${demo.resolvedUrls?.local[0] ?? `http://127.0.0.1:${process.env.DEMO_PORT ?? 5173}/`}`)
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    void demo.close().then(() => process.exit(0))
  })
