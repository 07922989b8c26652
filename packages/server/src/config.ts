import { devnetBlockchainConfig } from './chains/defaults.ts'
import { loadChainsConfig } from './chains/loadChainsConfig.ts'
import type { StartServerOptions } from './startServer.ts'

/**
 * Server options from the environment: PORT (8787), HOST (127.0.0.1), DATABASE_URL (PostgreSQL; else PGlite),
 * LATCH_DATA_DIR (PGlite's directory, default `.latch/data`; `memory` for in-memory), PUBLIC_URL (base of
 * image_url), LOG_LEVEL (info); the blockchain API's chains from the JSON file LATCH_CHAINS, else the devnet at
 * LATCH_RPC_A / LATCH_RPC_B (startServer's default is the devnet on 8545 and 8546); LATCH_ENS_RPC (an Ethereum
 * mainnet RPC URL for ENS identities); LATCH_INDEX (`on`, the default, or `off`: whether this instance indexes
 * the chains' history). Throws on a malformed value, naming the variable.
 *
 * @example
 * await startServer(readConfig(process.env))
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): StartServerOptions {
  const options: StartServerOptions = {}
  if (env.PORT !== undefined && env.PORT !== '') {
    const port = Number(env.PORT)
    if (!/^\d+$/.test(env.PORT) || port > 65535)
      throw new Error(`PORT must be a port number, not ${env.PORT}`)
    options.port = port
  }
  if (env.HOST) options.host = env.HOST
  if (env.DATABASE_URL) {
    if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
      throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL')
    }
    options.databaseUrl = env.DATABASE_URL
  }
  if (env.LATCH_DATA_DIR) options.dataDir = env.LATCH_DATA_DIR
  if (env.PUBLIC_URL) {
    if (!/^https?:\/\/[^\s]+$/.test(env.PUBLIC_URL)) throw new Error('PUBLIC_URL must be an http(s) URL')
    options.publicUrl = env.PUBLIC_URL
  }
  if (env.LATCH_CHAINS) {
    try {
      options.blockchain = loadChainsConfig(env.LATCH_CHAINS)
    } catch (error) {
      throw new Error(`LATCH_CHAINS: ${(error as Error).message}`, { cause: error })
    }
  } else if (env.LATCH_RPC_A || env.LATCH_RPC_B) {
    for (const name of ['LATCH_RPC_A', 'LATCH_RPC_B'] as const) {
      const url = env[name]
      if (url && !/^https?:\/\/[^\s]+$/.test(url)) throw new Error(`${name} must be an http(s) URL`)
    }
    options.blockchain = devnetBlockchainConfig({
      ...(env.LATCH_RPC_A ? { rpcA: env.LATCH_RPC_A } : {}),
      ...(env.LATCH_RPC_B ? { rpcB: env.LATCH_RPC_B } : {}),
    })
  }
  if (env.LATCH_ENS_RPC) {
    if (!/^https?:\/\/[^\s]+$/.test(env.LATCH_ENS_RPC))
      throw new Error('LATCH_ENS_RPC must be an http(s) URL')
    options.blockchain = { ...(options.blockchain ?? devnetBlockchainConfig()), ensRpcUrl: env.LATCH_ENS_RPC }
  }
  if (env.LATCH_INDEX !== undefined && env.LATCH_INDEX !== '') {
    if (env.LATCH_INDEX !== 'on' && env.LATCH_INDEX !== 'off')
      throw new Error('LATCH_INDEX must be on or off')
    // One indexing instance per database: the others serve reads only.
    options.index = env.LATCH_INDEX === 'on'
  }
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
  const level = env.LOG_LEVEL || 'info'
  if (!levels.includes(level)) throw new Error(`LOG_LEVEL must be one of ${levels.join(', ')}`)
  options.logger = { level }
  return options
}
