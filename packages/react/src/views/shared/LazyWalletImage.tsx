import { useEffect, useState } from 'react'
import { WalletImage } from '../../components/WalletImage/WalletImage.tsx'

/** SPEC §9: an image that has not loaded within 2 s gives way to the monogram. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2000

/**
 * A directory wallet's image, fetched lazily (only when near the viewport); the monogram stands in when it
 * fails or has not arrived within the preload timeout. Key it by `src` to start over for another image.
 */
export function LazyWalletImage({
  src,
  name,
  size,
}: {
  src: string | undefined
  name: string
  size: number
}) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed')

  useEffect(() => {
    if (state !== 'loading') return
    const timer = setTimeout(() => setState('failed'), IMAGE_PRELOAD_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [state])

  if (!src || state === 'failed') return <WalletImage name={name} size={size} />
  return (
    <img
      className="latch-image"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      data-loading={state === 'loading' || undefined}
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
    />
  )
}
