import { readFile } from 'node:fs/promises'
import { inject } from 'vitest'
import { openStorage } from '../../src/storage/openStorage.ts'
import type { Storage } from '../../src/storage/types.ts'

let template: Promise<Blob> | undefined

/**
 * A new in-memory PGlite database, through openStorage like every other: loaded from the run's migrated template
 * when globalSetup.ts wrote one (the server project), else a new cluster.
 */
export function memoryStorage(): Promise<Storage> {
  const path = inject('pgliteTemplate')
  if (!path) return openStorage({ dataDir: 'memory' })
  template ??= readFile(path).then((bytes) => new Blob([new Uint8Array(bytes)]))
  return template.then((loadDataDir) => openStorage({ dataDir: 'memory', loadDataDir }))
}
