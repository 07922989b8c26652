import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

export interface CompiledContract {
  abi: Abi
  bytecode: Hex
}

/** `<repo root>/.latch/cache/`, found from this file so any working directory works. */
const defaultCacheDirectory = fileURLToPath(new URL('../../../.latch/cache/', import.meta.url))
const evmVersion = 'cancun'

/**
 * Compiles `contracts/TestToken.sol` with the `solc` npm package. The result is cached on disk, keyed by
 * the source, the solc version and the settings, so only the first start after a change pays for solc.
 *
 * @example
 * const { abi, bytecode } = await compileTestToken()
 */
export function compileTestToken(options: { cacheDirectory?: string } = {}): Promise<CompiledContract> {
  return compileContract('TestToken.sol', 'TestToken', options)
}

/**
 * Compiles contract `name` of `contracts/<file>` (cached like {@link compileTestToken}).
 *
 * @example
 * const { abi, bytecode } = await compileContract('TestSmartWallet.sol', 'TestSmartWalletFactory')
 */
export async function compileContract(
  file: string,
  name: string,
  { cacheDirectory = defaultCacheDirectory }: { cacheDirectory?: string } = {},
): Promise<CompiledContract> {
  const source = await readFile(new URL(`./contracts/${file}`, import.meta.url), 'utf8')
  const solcVersion = readSolcVersion()
  const key = createHash('sha256')
    .update(JSON.stringify({ source, solcVersion, evmVersion, name }))
    .digest('hex')
  const cacheFile = `${cacheDirectory.replace(/\/?$/, '/')}${name}-${key.slice(0, 32)}.json`

  const cached = await readCache(cacheFile)
  if (cached) return cached

  const compiled = await compileWithSolc(source, file, name)
  await mkdir(cacheDirectory, { recursive: true })
  // Write then rename so a parallel start never reads half a file.
  // The name is unique per call: two chains of one devnet compile at the same moment in one process.
  const temporary = `${cacheFile}.${randomUUID()}.tmp`
  await writeFile(temporary, JSON.stringify(compiled))
  await rename(temporary, cacheFile)
  return compiled
}

/** The version from solc's package.json, read without loading the (slow to load) compiler. */
function readSolcVersion(): string {
  const require = createRequire(import.meta.url)
  return (require('solc/package.json') as { version: string }).version
}

async function readCache(file: string): Promise<CompiledContract | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<CompiledContract>
    if (
      Array.isArray(parsed.abi) &&
      typeof parsed.bytecode === 'string' &&
      parsed.bytecode.startsWith('0x')
    ) {
      return { abi: parsed.abi, bytecode: parsed.bytecode }
    }
  } catch {
    // Missing or unreadable cache: compile afresh.
  }
  return undefined
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

async function compileWithSolc(source: string, file: string, name: string): Promise<CompiledContract> {
  const { default: solc } = await import('solc')
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: source } },
    settings: {
      evmVersion,
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { [file]: { [name]: ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) {
    throw new Error(`solc could not compile ${file}:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  }
  const contract = output.contracts?.[file]?.[name]
  if (!contract) throw new Error(`solc returned no ${name} contract from ${file}`)
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
}
