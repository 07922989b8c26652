import type { Network } from '../types.ts'

/**
 * A network's image (SPEC §3, §7): its own `assets.imageUrl`, else the Latch server's
 * `/public/getAssetImage/{assets.imageId}` when the app has a server (the networks `@latch/evm` defines carry
 * the ids of the server's default images); undefined without either, and the modal shows the network's initial.
 *
 * @example
 * networkImageUrl(latch.options, mainnet) // 'http://127.0.0.1:8787/public/getAssetImage/eip155-1'
 */
export function networkImageUrl(
  options: { apiUrl: string | undefined },
  network: Network,
): string | undefined {
  const { imageUrl, imageId } = network.assets ?? {}
  return imageUrl || !imageId || !options.apiUrl
    ? imageUrl
    : `${options.apiUrl}/public/getAssetImage/${encodeURIComponent(imageId)}`
}
