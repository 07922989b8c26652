import type { StartServerOptions } from './startServer.ts'

/**
 * Server options from the environment: PORT (8787), HOST (127.0.0.1), DATABASE_URL (PostgreSQL; else PGlite),
 * LATCH_DATA_DIR (PGlite's directory, default `.latch/data`; `memory` for in-memory), PUBLIC_URL (base of
 * image_url), LOG_LEVEL (info). Throws on a malformed value, naming the variable.
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
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
  const level = env.LOG_LEVEL || 'info'
  if (!levels.includes(level)) throw new Error(`LOG_LEVEL must be one of ${levels.join(', ')}`)
  options.logger = { level }
  return options
}
