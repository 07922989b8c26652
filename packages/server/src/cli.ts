#!/usr/bin/env node
// latch-server: run the server and manage its data. Database from DATABASE_URL, else PGlite in LATCH_DATA_DIR.
import { parseArgs } from 'node:util'
import { devnetBlockchainConfig } from './chains/defaults.ts'
import { readConfig } from './config.ts'
import { serverVariables } from './configVariables.ts'
import { defaultSnapshot, readSnapshot } from './directory/snapshot.ts'
import { syntheticSnapshot } from './directory/synthetic.ts'
import { startServer } from './startServer.ts'
import { openStorage } from './storage/openStorage.ts'
import type { Storage } from './storage/types.ts'

const usage = `Usage: latch-server [serve] [--port <port>] [--host <address>] [--data <dir>] [--config <file>]
       latch-server <command>

Commands:
  serve (the default)                        start the HTTP server
  import <listings.json> [--images <dir>]    replace the directory with an Explorer-format snapshot
  import --default                           replace the directory with the shipped dataset
  seed-synthetic <n>                         replace the directory with n synthetic wallets
  projects add <id> --origins a,b [--analytics on|off] [--name <name>]
  projects list
  events summary [--project <id>]
  usage [--project <id>]                     requests per project, SDK type and SDK version

Options:
  --port <port>       the port to listen on (PORT)
  --host <address>    the address to listen on (HOST)
  --data <dir>        PGlite's directory (LATCH_DATA_DIR)
  --config <file>     the configuration file, JSON or YAML (LATCH_CONFIG)
  -h, --help          this text

Environment:
${serverVariables.map(([name, meaning]) => `  ${name.padEnd(22)}  ${meaning}`).join('\n')}

The database is PostgreSQL when DATABASE_URL is set, else PGlite in the data directory (.latch/data by default).
A PGlite directory serves one process: stop the server before running the data commands on it.`

/** Bad usage or configuration: its message and the usage, exit code 2. */
class UsageError extends Error {}

/** The environment with the options given on the command line in place of their variables. */
let environment: NodeJS.ProcessEnv = process.env

/** The configuration, or a UsageError naming what is wrong in it. */
function configuration() {
  try {
    return readConfig(environment)
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

async function withStorage<T>(run: (storage: Storage) => Promise<T>): Promise<T> {
  const config = configuration()
  const storage = await openStorage({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    ...(config.dataDir ? { dataDir: config.dataDir } : {}),
  })
  try {
    return await run(storage)
  } finally {
    await storage.close()
  }
}

async function serve(): Promise<void> {
  const config = configuration()
  const server = await startServer(config)
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal: the operator does not want to wait.
      process.exit(1)
    }
    stopping = true
    server.app.log.info({ signal }, 'shutting down')
    const forced = setTimeout(() => {
      console.error('Shutdown took over 10 s; exiting')
      process.exit(1)
    }, 10_000)
    forced.unref()
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  // After the handlers: whoever waits for this line may signal at once.
  console.log(`Latch server listening on ${server.url} (API docs: ${server.url}/docs)`)
  if (server.frame)
    console.log(
      `Latch frame (e-mail login) on ${server.frame.url}` +
        (config.frame?.smtpUrl ? '' : ': no SMTP_URL, so e-mail logins are refused until one is given'),
    )
  if (!config.blockchain) {
    const rpcs = devnetBlockchainConfig().chains.map((chain) => chain.rpcUrl)
    console.log(`Serving the local devnet's chains (${rpcs.join(', ')}): give --config with your chains.`)
  }
}

async function importCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { images: { type: 'string' }, default: { type: 'boolean' } },
  })
  if (values.default ? positionals.length > 0 : positionals.length !== 1) {
    throw new UsageError('import takes <listings.json> [--images <dir>], or --default')
  }
  const snapshot = values.default
    ? await defaultSnapshot()
    : await readSnapshot(positionals[0]!, values.images)
  await replace(snapshot)
}

async function replace(snapshot: Awaited<ReturnType<typeof defaultSnapshot>>): Promise<void> {
  const result = await withStorage((storage) =>
    storage.replaceDirectory(snapshot, {
      onProgress: ({ written, total }) => {
        if (process.stderr.isTTY) process.stderr.write(`\rwriting ${written}/${total}`)
      },
    }),
  )
  if (process.stderr.isTTY) process.stderr.write('\n')
  console.log(`Imported ${result.wallets} wallets and ${result.images} images`)
}

async function projectsCommand(args: string[]): Promise<void> {
  const [action, ...rest] = args
  if (action === 'list') {
    const projects = await withStorage((storage) => storage.listProjects())
    for (const project of projects) {
      console.log(
        `${project.id}\t${project.name}\tanalytics ${project.analyticsEnabled ? 'on' : 'off'}\t${project.allowedOrigins.join(',')}`,
      )
    }
    return
  }
  if (action !== 'add') throw new UsageError('projects takes add or list')
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { origins: { type: 'string' }, analytics: { type: 'string' }, name: { type: 'string' } },
  })
  const [id] = positionals
  if (!id || positionals.length > 1 || !/^[A-Za-z0-9._-]{1,100}$/.test(id)) {
    throw new UsageError('projects add takes one id (1 to 100 letters, digits, ".", "_" or "-")')
  }
  if (values.origins === undefined)
    throw new UsageError('projects add needs --origins a,b (or --origins "*")')
  if (values.analytics !== undefined && values.analytics !== 'on' && values.analytics !== 'off') {
    throw new UsageError('--analytics takes on or off')
  }
  const project = await withStorage((storage) =>
    storage.upsertProject({
      id,
      name: values.name ?? id,
      allowedOrigins: values
        .origins!.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      analyticsEnabled: values.analytics !== 'off',
    }),
  )
  console.log(
    `Project ${project.id}: origins ${project.allowedOrigins.join(', ') || '(none)'}, analytics ${project.analyticsEnabled ? 'on' : 'off'}`,
  )
}

async function eventsCommand(args: string[]): Promise<void> {
  const [action, ...rest] = args
  if (action !== 'summary') throw new UsageError('events takes summary')
  const { values } = parseArgs({ args: rest, options: { project: { type: 'string' } } })
  const summary = await withStorage((storage) => storage.eventSummary(values.project))
  for (const row of summary.byEvent) {
    console.log(
      `${row.projectId}\t${row.event}\t${row.count}\t${row.firstAt.toISOString()}\t${row.lastAt.toISOString()}`,
    )
  }
  console.log(`${summary.total} events`)
}

async function usageCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { project: { type: 'string' } } })
  const rows = await withStorage((storage) => storage.listUsage(values.project))
  for (const row of rows) {
    console.log(
      `${row.projectId || '(none)'}\t${row.sdkType || '-'}\t${row.sdkVersion || '-'}\t${row.requests}\t${row.lastSeen.toISOString()}`,
    )
  }
  console.log(`${rows.reduce((sum, row) => sum + row.requests, 0)} requests`)
}

/** Reads `--port`, `--host`, `--data` and `--config` wherever they stand into the environment; returns the other arguments. */
function readOptions(argv: string[]): string[] {
  const { values, tokens } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    tokens: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      config: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return ['help']
  const names = { port: 'PORT', host: 'HOST', data: 'LATCH_DATA_DIR', config: 'LATCH_CONFIG' } as const
  const rest: string[] = []
  for (const token of tokens) {
    if (token.kind === 'option' && token.name in names) {
      if (typeof token.value !== 'string' || token.value === '')
        throw new UsageError(`--${token.name} takes a value`)
      environment = { ...environment, [names[token.name as keyof typeof names]]: token.value }
    } else if (token.kind === 'positional') rest.push(token.value)
    else if (token.kind === 'option')
      // Another command's option, given back as written: `--origins=a,b` stays one argument.
      rest.push(
        token.inlineValue ? `${token.rawName}=${token.value}` : token.rawName,
        ...(token.value === undefined || token.inlineValue ? [] : [token.value]),
      )
  }
  return rest
}

async function main(argv: string[]): Promise<void> {
  const [command = 'serve', ...args] = readOptions(argv)
  switch (command) {
    case 'serve':
      if (args[0] !== undefined)
        throw new UsageError(
          args[0].startsWith('-') ? `Unknown option ${args[0]}` : `serve takes no ${args[0]}`,
        )
      return serve()
    case 'import':
      return importCommand(args)
    case 'seed-synthetic': {
      const n = Number(args[0])
      if (args.length !== 1 || !Number.isInteger(n) || n < 0 || n > 1_000_000) {
        throw new UsageError('seed-synthetic takes a number of wallets (0 to 1000000)')
      }
      return replace(syntheticSnapshot(n))
    }
    case 'projects':
      return projectsCommand(args)
    case 'events':
      return eventsCommand(args)
    case 'usage':
      return usageCommand(args)
    case 'help':
      console.log(usage)
      return
    default:
      throw new UsageError(
        command.startsWith('-') ? `Unknown option ${command}` : `Unknown command ${command}`,
      )
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // parseArgs throws a TypeError with an ERR_PARSE_ARGS_* code for an option it does not know.
  const usage = String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')
  if (error instanceof UsageError || (usage && error instanceof Error)) {
    console.error(`latch-server: ${error.message}\nSee latch-server --help.`)
    process.exit(2)
  }
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
