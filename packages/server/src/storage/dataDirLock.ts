import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The lock files this process holds: a lock naming this process's pid that is not among them was left by an
 * earlier process with the same pid (in a container every server is pid 1). */
const held = new Set<string>()

/**
 * Claims a PGlite data directory for this process with `<dataDir>.lock` (holding the pid): PGlite is one
 * process's database, and a second process writing the same files would corrupt them. A lock left by a
 * process that no longer runs (kill -9), or by an earlier process that had this one's pid, is taken over. Returns
 * the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`
  mkdirSync(dirname(lockFile), { recursive: true })
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
      held.add(lockFile)
      return () => {
        held.delete(lockFile)
        rmSync(lockFile, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(lockFile, 'utf8'))
      const ours = owner === process.pid
      if (Number.isInteger(owner) && owner > 0 && (ours ? held.has(lockFile) : isRunning(owner))) {
        throw new Error(
          `The PGlite data directory ${dataDir} is in use by process ${owner}. PGlite serves one process: stop that process, or use PostgreSQL (DATABASE_URL) to share a database.`,
        )
      }
      rmSync(lockFile, { force: true })
    }
  }
  throw new Error(`Could not lock the PGlite data directory ${dataDir}`)
}
