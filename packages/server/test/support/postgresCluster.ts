import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication). */
  url: string
  stop(): Promise<void>
}

/** The newest Debian PostgreSQL server binaries (`/usr/lib/postgresql/<version>/bin`). */
function binDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions.length === 0) {
    throw new Error(
      "The server's storage tests need PostgreSQL's server binaries (/usr/lib/postgresql/*/bin/initdb): install Debian's `postgresql` package (apt-get install postgresql); CI's .ci/run installs it.",
    )
  }
  return join(root, versions[0]!, 'bin')
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts a throwaway PostgreSQL cluster in a temporary directory on a free port (TCP on 127.0.0.1, its socket in
 * that directory). PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 *
 * @example
 * const cluster = await startPostgresCluster()
 * // … connect to cluster.url …
 * await cluster.stop()
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = binDir()
  const dir = mkdtempSync(join(tmpdir(), 'latch-pg-'))
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }))
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }))
    chownSync(dir, uid, gid)
  }
  const run = (program: string, args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
      : [join(bin, program), args]
    execFileSync(command as string, commandArgs as string[], { stdio: 'pipe', cwd: dir })
  }

  const port = await freePort()
  const log = join(dir, 'postgres.log')
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync'])
    const serverOptions = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ')
    run('pg_ctl', ['-D', data, '-l', log, '-o', serverOptions, '-w', '-t', '30', 'start'])
  } catch (error) {
    const detail = existsSync(log) ? readFileSync(log, 'utf8') : ''
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`Could not start PostgreSQL: ${(error as Error).message}\n${detail}`)
  }

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.end()

  return {
    url,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
