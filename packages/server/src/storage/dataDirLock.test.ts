import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { lockDataDir } from './dataDirLock.ts'

const temp = mkdtempSync(join(tmpdir(), 'latch-lock-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

test('one holder at a time in this process; released, the directory can be locked again', () => {
  const dir = join(temp, 'own')
  const release = lockDataDir(dir)
  expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid))
  expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.pid}`)
  release()
  lockDataDir(dir)()
})

test('a lock held by another running process is refused, naming it', () => {
  const dir = join(temp, 'other')
  writeFileSync(`${dir}.lock`, String(process.ppid))
  expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.ppid}`)
})

test('a lock left by a process that is gone, or by an earlier process with this pid (a container restarted), is taken over', () => {
  const gone = join(temp, 'gone')
  writeFileSync(`${gone}.lock`, '2147483646')
  lockDataDir(gone)()
  const restarted = join(temp, 'restarted')
  writeFileSync(`${restarted}.lock`, String(process.pid))
  const release = lockDataDir(restarted)
  expect(() => lockDataDir(restarted)).toThrow('in use by process')
  release()
})
