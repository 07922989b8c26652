/** A profile image, or a pattern of colours derived from the address (Latch's own, no external service). */
export function Avatar({ address, image }: { address: string; image?: string | undefined }) {
  if (image) return <img className="latch-avatar" src={image} alt="" width={64} height={64} />
  // From the address's characters, whatever its alphabet (EVM hex, Solana base58).
  const hue = (i: number) =>
    [...address.slice(i + 2, i + 6)].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 0) % 360
  return (
    <svg className="latch-avatar" width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" fill={`hsl(${hue(0)} 70% 55%)`} />
      <circle cx="20" cy="44" r="30" fill={`hsl(${hue(3)} 75% 60%)`} />
      <circle cx="52" cy="14" r="22" fill={`hsl(${hue(6)} 80% 65%)`} />
    </svg>
  )
}
