export { type AnvilInstance, AnvilStartError, type StartAnvilParameters, startAnvil } from './anvil.ts'
