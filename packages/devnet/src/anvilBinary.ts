import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const platformPackages: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
}

/**
 * Path of the anvil binary shipped by the `@foundry-rs/anvil-<platform>` npm package for this machine.
 * We spawn the binary directly rather than `@foundry-rs/anvil`'s bin script, which would add a Node
 * process in between and make `stop()` kill the wrong process.
 *
 * @example
 * spawn(resolveAnvilBinary(), ['--port', '0'])
 */
export function resolveAnvilBinary(): string {
  const key = `${process.platform}-${process.arch}`
  const packageName = platformPackages[key]
  if (!packageName) throw new Error(`anvil: no @foundry-rs/anvil binary package for platform ${key}`)
  const require = createRequire(import.meta.url)
  let manifest: string
  try {
    manifest = require.resolve(`${packageName}/package.json`)
  } catch (cause) {
    throw new Error(`anvil: ${packageName} is not installed (npm install should add it for ${key})`, {
      cause,
    })
  }
  return join(dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
}
