import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { DirectoryDataError } from './errors.ts'
import { readImages } from './images.ts'
import { parseListings } from './listings.ts'
import type { DirectorySnapshot } from './records.ts'

/** The shipped dataset: a few dozen well-known wallets in the Explorer listing format. */
export const defaultListingsFile = fileURLToPath(
  new URL('../../data/directory/listings.json', import.meta.url),
)

/** The shipped images: generated monograms (see generateDefault.ts), never third-party logos. */
export const defaultImagesDir = fileURLToPath(new URL('../../data/directory/images', import.meta.url))

/**
 * Reads a WalletConnect Explorer listings file (`{ listings: { [id]: Listing }, count, total }`) and, when
 * given, an images folder (see readImages). A wallet whose image is not in the folder keeps its imageId; the
 * server answers 404 for it. Throws DirectoryDataError naming the file, listing id and field at fault.
 *
 * @example
 * const { wallets, images } = await readSnapshot('dump/listings.json', 'dump/images')
 */
export async function readSnapshot(listingsFile: string, imagesDir?: string): Promise<DirectorySnapshot> {
  const wallets = parseListings(await readJson(listingsFile), listingsFile)
  const images = imagesDir === undefined ? [] : await readImages(imagesDir)
  return { wallets, images }
}

/**
 * The shipped dataset (`packages/server/data/directory`), with its wallet, network, currency and token images.
 *
 * @example
 * const snapshot = await defaultSnapshot()
 * snapshot.wallets.find((wallet) => wallet.rdns === 'dev.latch.wallet')?.order // 1
 */
export function defaultSnapshot(): Promise<DirectorySnapshot> {
  return readSnapshot(defaultListingsFile, defaultImagesDir)
}

async function readJson(file: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new DirectoryDataError(`Cannot read listings file ${file}: ${(error as Error).message}`, {
      file,
      cause: error,
    })
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new DirectoryDataError(`${file} is not valid JSON: ${(error as Error).message}`, {
      file,
      cause: error,
    })
  }
}
