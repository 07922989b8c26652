import { useEffect, useState } from 'react'
import { WalletImage } from '../../../components/WalletImage/WalletImage.tsx'

/** SPEC §9 image preload timeout, as for wallet images. */
const ICON_TIMEOUT_MS = 2000

/**
 * A token's icon; its monogram when the icon fails or has not loaded within 2 s. The directory views'
 * LazyWalletImage does the same, but sharing it would split their chunks (scripts/size.ts fails on that).
 * Key it by `src`.
 */
export function TokenIcon({ src, name }: { src: string; name: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed')
  useEffect(() => {
    if (state !== 'loading') return
    const timer = setTimeout(() => setState('failed'), ICON_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [state])

  if (state === 'failed') return <WalletImage name={name} size={28} />
  return (
    <img
      className="latch-image"
      src={src}
      alt=""
      width={28}
      height={28}
      data-loading={state === 'loading' || undefined}
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
    />
  )
}
