/** A wallet's or network's image, or a generated monogram when it has none. */
export function WalletImage({
  src,
  name,
  size = 40,
}: {
  src?: string | undefined
  name: string
  size?: number
}) {
  if (src) return <img className="latch-image" src={src} alt="" width={size} height={size} />
  return (
    <span className="latch-image latch-monogram" aria-hidden="true" data-size={size}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}
