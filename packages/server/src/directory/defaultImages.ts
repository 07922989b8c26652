import type { ImageKind } from './records.ts'

/** A non-wallet image of the shipped dataset: `text` gives the monogram's initials, `seed` its colours. */
export interface DefaultImage {
  kind: Exclude<ImageKind, 'wallet'>
  id: string
  name: string
  text: string
  seed: string
}

const network = (chainId: number, name: string, text = name): DefaultImage => ({
  kind: 'asset',
  id: `eip155-${chainId}`,
  name,
  text,
  seed: `eip155:${chainId}`,
})

const cluster = (reference: string, name: string, text = name): DefaultImage => ({
  kind: 'asset',
  id: `solana-${reference}`,
  name,
  text,
  seed: `solana:${reference}`,
})

const currency = (code: string, symbol: string): DefaultImage => ({
  kind: 'currency',
  id: code,
  name: code,
  text: symbol,
  seed: `currency:${code}`,
})

const token = (symbol: string, name: string): DefaultImage => ({
  kind: 'token',
  id: symbol,
  name,
  text: name,
  seed: `token:${symbol}`,
})

/**
 * The demo's networks (asset images, id = CAIP-2 id with `-` for `:`), fiat currencies (ISO 4217 code) and
 * tokens (symbol) that the shipped dataset has images for.
 */
export const defaultImages: readonly DefaultImage[] = [
  network(1, 'Ethereum'),
  network(8453, 'Base'),
  network(10, 'OP Mainnet'),
  network(42161, 'Arbitrum One'),
  network(137, 'Polygon'),
  network(11155111, 'Sepolia'),
  network(31337, 'Latch Devnet A', 'Devnet A'),
  network(31338, 'Latch Devnet B', 'Devnet B'),
  cluster('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana'),
  cluster('B3a6eJyjz4Nhac9rNdEn8s1tXP2C949m', 'Latch Solana Local', 'Solana Local'),
  currency('USD', '$'),
  currency('EUR', '€'),
  currency('GBP', '£'),
  token('ETH', 'Ether'),
  token('USDC', 'USD Coin'),
  token('USDT', 'Tether USD'),
  token('DAI', 'Dai'),
  token('LUSD', 'Latch USD'),
  token('LTK', 'Latch Token'),
  token('LPT', 'Latch Points'),
  token('SOL', 'Solana'),
  token('LUSD-SOL', 'Latch USD Solana'),
]

/** The images folder's subfolder for each non-wallet kind (see images.ts). */
export const imageSubfolders: Record<DefaultImage['kind'], string> = {
  asset: 'assets',
  currency: 'currencies',
  token: 'tokens',
}
