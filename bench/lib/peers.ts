import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { peersDir } from './apps.ts'

/**
 * Installs the peer modals into bench/peers/node_modules when they are missing or older than the manifest,
 * so that a fresh clone can run the full bench. They are never part of the workspace.
 */
export function ensurePeersInstalled() {
  const installed = `${peersDir}node_modules/.package-lock.json`
  const manifest = `${peersDir}package.json`
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(manifest).mtimeMs) return
  console.error('bench: installing the peer modals into bench/peers (npm install) …')
  const result = spawnSync('npm', ['install', '--prefix', peersDir, '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error(`npm install --prefix bench/peers exited with ${result.status}`)
}
