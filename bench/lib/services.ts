// What the app configured as deployed talks to: the Latch server (in-memory PGlite, the default dataset; its
// embedded wallet's frame origin too) and a WalletConnect relay, all on free ports of 127.0.0.1, in this process.
// Loaded only when that app runs.

export interface BenchServices {
  /** The page's query naming them: `?api=…&relay=…&frame=…`. */
  query: string
  close(): Promise<void>
}

export async function startServices(): Promise<BenchServices> {
  const [{ startServer }, { memoryStore, startRelay }] = await Promise.all([
    import('@latch/server'),
    import('@latch/relay'),
  ])
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory',
    logger: false,
    frame: { port: 0, host: '127.0.0.1' },
  })
  const store = memoryStore()
  const relay = await startRelay({ port: 0, host: '127.0.0.1', store }).catch(async (error: unknown) => {
    await server.close()
    throw error
  })
  return {
    query: `?api=${encodeURIComponent(server.url)}&relay=${encodeURIComponent(relay.url)}&frame=${encodeURIComponent(server.frame?.url ?? '')}`,
    async close() {
      await relay.close()
      await store.close()
      await server.close()
    },
  }
}
