import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { dirname } from 'node:path'
import type { AppName } from './apps.ts'
import type { RunResult } from './measure.ts'

export interface AppResult {
  app: AppName
  label: string
  /** gzip -9 bytes of every .js file of the build. */
  totalJsGzip: number
  runs: RunResult[]
  /** Why a build or a run failed. */
  failures: string[]
}

export interface Machine {
  cpus: number
  cpuModel: string
  memoryGiB: number
  node: string
  chromium: string
}

export interface BenchResults {
  date: string
  machine: Machine
  rounds: number
  rates: number[]
  apps: AppResult[]
}

export function writeResults(path: string, results: BenchResults) {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`)
}

export const describeMachine = (chromium: string): Machine => ({
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  chromium,
})
