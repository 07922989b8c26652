import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { defaultImages, imageSubfolders } from './defaultImages.ts'
import { parseListings } from './listings.ts'
import { monogramSvg } from './monogram.ts'
import { defaultImagesDir, defaultListingsFile } from './snapshot.ts'

/**
 * Regenerates every SVG of the shipped dataset: one monogram per listing with an image_id (from
 * listings.json) and one per network, currency and token in defaultImages. Removes SVGs nothing refers to.
 * Returns the files written, relative to `imagesDir`.
 *
 * Run: `npx tsx packages/server/src/directory/generateDefault.ts`
 *
 * @example
 * await generateDefaultImages(defaultListingsFile, defaultImagesDir) // ['1inch-wallet.svg', …]
 */
export async function generateDefaultImages(
  listingsFile: string = defaultListingsFile,
  imagesDir: string = defaultImagesDir,
): Promise<string[]> {
  const wallets = parseListings(JSON.parse(await readFile(listingsFile, 'utf8')), listingsFile)
  const files = new Map<string, string>()
  for (const wallet of wallets) {
    if (wallet.imageId) files.set(`${wallet.imageId}.svg`, monogramSvg(wallet.name, wallet.id))
  }
  for (const image of defaultImages) {
    files.set(`${imageSubfolders[image.kind]}/${image.id}.svg`, monogramSvg(image.text, image.seed))
  }
  for (const folder of ['', ...Object.values(imageSubfolders)]) {
    await mkdir(join(imagesDir, folder), { recursive: true })
    for (const name of await readdir(join(imagesDir, folder))) {
      if (name.endsWith('.svg')) await rm(join(imagesDir, folder, name))
    }
  }
  for (const [file, svg] of files) await writeFile(join(imagesDir, file), `${svg}\n`)
  return [...files.keys()].sort()
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const written = await generateDefaultImages()
  console.log(`Wrote ${written.length} SVGs to ${defaultImagesDir}`)
}
