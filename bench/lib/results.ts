import { mkdirSync, writeFileSync } from 'node:fs'
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

export interface BenchResults {
  date: string
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; chromium: string }
  rounds: number
  rates: number[]
  apps: AppResult[]
}

export function writeResults(path: string, results: BenchResults) {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`)
}
