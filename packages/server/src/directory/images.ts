import type { Dirent } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { DirectoryDataError } from './errors.ts'
import { directoryIdPattern } from './ids.ts'
import type { ImageKind, ImageRecord } from './records.ts'

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
}

/** Wallet images sit at the top of the folder; the other kinds in these optional subfolders. */
const folders: readonly (readonly [subfolder: string, kind: ImageKind])[] = [
  ['', 'wallet'],
  ['assets', 'asset'],
  ['currencies', 'currency'],
  ['tokens', 'token'],
]

/**
 * Every image of a directory images folder: `<dir>/<id>.<ext>` are wallet images, `assets/`, `currencies/`
 * and `tokens/` hold the other kinds. The id is the file name without its extension; files of other types
 * are ignored. Sorted by kind, then id.
 *
 * @example
 * const images = await readImages('data/directory/images') // [{ kind: 'wallet', id: 'metamask', … }, …]
 */
export async function readImages(dir: string): Promise<ImageRecord[]> {
  const images: ImageRecord[] = []
  for (const [subfolder, kind] of folders) {
    const folder = join(dir, subfolder)
    const entries = await listFolder(folder, subfolder === '')
    const seen = new Map<string, string>()
    for (const entry of entries) {
      const extension = extname(entry.name).toLowerCase()
      const contentType = contentTypes[extension]
      if (!entry.isFile() || !contentType || entry.name.startsWith('.')) continue
      const file = join(folder, entry.name)
      const id = entry.name.slice(0, -extension.length)
      if (!directoryIdPattern.test(id)) {
        throw new DirectoryDataError(`${file}: image id "${id}" must match ${directoryIdPattern}`, { file })
      }
      const twin = seen.get(id)
      if (twin)
        throw new DirectoryDataError(`${file}: ${kind} image "${id}" also exists as ${twin}`, { file })
      seen.set(id, entry.name)
      images.push({ kind, id, contentType, bytes: new Uint8Array(await readFile(file)) })
    }
  }
  return images
}

async function listFolder(folder: string, required: boolean): Promise<Dirent[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true })
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (!required && code === 'ENOENT') return []
    const reason = code === 'ENOENT' ? 'not found' : code === 'ENOTDIR' ? 'is not a folder' : String(error)
    throw new DirectoryDataError(`Images folder ${folder}: ${reason}`, { file: folder, cause: error })
  }
}
