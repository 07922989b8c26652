import { LazyWalletImage } from '../shared/LazyWalletImage.tsx'

export interface WalletTileProps {
  name: string
  imageUrl: string | undefined
  installed: boolean
  onPick(): void
}

/** One wallet of the grid: a button named by the wallet (and "Installed" when it is). */
export function WalletTile({ name, imageUrl, installed, onPick }: WalletTileProps) {
  return (
    <button type="button" className="latch-tile" onClick={onPick}>
      <LazyWalletImage key={imageUrl} src={imageUrl} name={name} size={48} />
      <span className="latch-clip" title={name}>
        {name}
      </span>
      {installed && <span className="latch-tile-tag">Installed</span>}
    </button>
  )
}
