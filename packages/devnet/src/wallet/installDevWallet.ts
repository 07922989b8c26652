import { registerWallet } from '@wallet-standard/wallet'
import { createEmitter } from './emitter.ts'
import { userRejected } from './errors.ts'
import { devWalletIcon } from './icon.ts'
import type { MethodContext } from './methods/context.ts'
import { createDevWalletProvider } from './provider.ts'
import { createDevWalletSession, toHexChainId } from './session.ts'
import { createDevSolanaWallet } from './solana/wallet.ts'
import type { DevWallet, InstallDevWalletParameters } from './types.ts'
import { mountPoint } from './ui/dom.ts'
import { createPanel } from './ui/panel.ts'
import { createPrompter } from './ui/prompt.ts'

/** localStorage, or undefined where reading it throws (sandboxed frames, blocked storage). */
function pageStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** crypto.randomUUID exists only in secure contexts; a LAN IP over plain http is not one. */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Installs the Latch Dev Wallet in the page: an EIP-1193 provider holding anvil's test accounts,
 * announced over EIP-6963, with a "Dev Wallet" button and approval prompts. For local devnets only.
 *
 * @example
 * const wallet = installDevWallet({
 *   chains: [{ chainId: 31337, name: 'Latch Devnet A', rpcUrl: 'http://127.0.0.1:8545' }],
 * })
 * await wallet.provider.request({ method: 'eth_requestAccounts' }) // prompts "Connect to …"
 */
export function installDevWallet(parameters: InstallDevWalletParameters): DevWallet {
  const emitter = createEmitter()
  const session = createDevWalletSession({ ...parameters, emitter, storage: pageStorage() })
  const prompter = createPrompter()
  let active = true

  const context: MethodContext = {
    session,
    host: window.location.host,
    async confirm(request) {
      if (session.state.autoApprove) return
      if (!(await prompter.ask(request))) throw userRejected()
    },
  }
  const provider = createDevWalletProvider({ context, emitter, isActive: () => active })

  const panel = createPanel(session, context.host)
  mountPoint().append(panel.launcher, panel.dialog)

  // The Solana side: the same prompts and the same selected account index, registered as a Wallet Standard wallet.
  const solana = parameters.solana
    ? createDevSolanaWallet({
        rpcUrl: parameters.solana.rpcUrl,
        accountIndex: () => session.state.accountIndex,
        confirm: context.confirm,
        host: context.host,
        storage: pageStorage(),
        storageKey: `${parameters.storageKey ?? 'latch-devwallet'}-solana`,
      })
    : undefined
  if (solana) registerWallet(solana)
  const stopSolana = solana ? session.subscribe(() => solana.accountChanged()) : undefined

  const info = Object.freeze({
    uuid: randomUuid(),
    name: 'Latch Dev Wallet',
    icon: devWalletIcon(),
    rdns: 'dev.latch.wallet',
  })
  const detail = Object.freeze({ info, provider })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  // EIP-1193: `connect` once the provider can serve requests; after install returns, so callers can listen.
  queueMicrotask(() => {
    if (active) emitter.emit('connect', { chainId: toHexChainId(session.state.chainId) })
  })

  return {
    provider,
    setAutoApprove: (autoApprove) => session.setAutoApprove(autoApprove),
    switchChain: (chainId) => session.switchChain(chainId),
    destroy() {
      if (!active) return
      active = false
      window.removeEventListener('eip6963:requestProvider', announce)
      stopSolana?.()
      solana?.destroy()
      prompter.destroy()
      panel.destroy()
      emitter.emit('disconnect', { code: 4900, message: 'Latch Dev Wallet was removed.' })
      emitter.removeAllListeners()
    },
  }
}
