import type { Address } from 'viem'
import { anvilAddresses } from '../accounts.ts'
import type { Emitter } from './emitter.ts'
import { errorCodes, ProviderRpcError } from './errors.ts'
import { loadState, type SavedState, saveState } from './storage.ts'
import type { DevWalletChain, InstallDevWalletParameters } from './types.ts'

/** The wallet's state and the only place that changes it; emits the EIP-1193 events that follow. */
export interface DevWalletSession {
  readonly state: Readonly<SavedState>
  /** Configured chains, then chains added by the site. */
  chains(): DevWalletChain[]
  currentChain(): DevWalletChain
  address(): Address
  authorize(): void
  revoke(): void
  selectAccount(index: number): void
  switchChain(chainId: number): void
  addChain(chain: DevWalletChain): void
  setAutoApprove(autoApprove: boolean): void
  /** Called after every change; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void
}

export interface CreateSessionParameters extends InstallDevWalletParameters {
  emitter: Emitter
  storage: Storage | undefined
}

export const toHexChainId = (chainId: number) => `0x${chainId.toString(16)}`

/**
 * Creates the wallet's state from the saved state and the install parameters.
 *
 * @example
 * const session = createDevWalletSession({ chains, emitter, storage: localStorage })
 * session.switchChain(31338) // emits chainChanged '0x7a6a'
 */
export function createDevWalletSession(parameters: CreateSessionParameters): DevWalletSession {
  const { chains: configured, emitter, storage } = parameters
  const storageKey = parameters.storageKey ?? 'latch-devwallet'
  if (configured.length === 0) throw new Error('installDevWallet: at least one chain is required')

  const saved = loadState(storage, storageKey)
  const addedChains = (saved.addedChains ?? []).filter(
    (c) => !configured.some((k) => k.chainId === c.chainId),
  )
  const allChains = () => [...configured, ...state.addedChains]
  const isAccountIndex = (i: number | undefined): i is number =>
    i !== undefined && Number.isInteger(i) && i >= 0 && i < anvilAddresses.length

  const state: SavedState = {
    authorized: saved.authorized ?? false,
    autoApprove: parameters.autoApprove ?? saved.autoApprove ?? false,
    accountIndex: isAccountIndex(parameters.accountIndex)
      ? parameters.accountIndex
      : isAccountIndex(saved.accountIndex)
        ? saved.accountIndex
        : 0,
    chainId: configured[0]!.chainId,
    addedChains,
  }
  if (saved.chainId !== undefined && allChains().some((c) => c.chainId === saved.chainId)) {
    state.chainId = saved.chainId
  }

  const listeners = new Set<() => void>()
  const changed = () => {
    saveState(storage, storageKey, state)
    for (const listener of [...listeners]) listener()
  }
  changed()

  const findChain = (chainId: number) => allChains().find((c) => c.chainId === chainId)

  const session: DevWalletSession = {
    state,
    chains: allChains,
    currentChain: () => findChain(state.chainId)!,
    address: () => anvilAddresses[state.accountIndex]!,
    authorize() {
      if (state.authorized) return
      state.authorized = true
      changed()
      emitter.emit('accountsChanged', [session.address()])
    },
    revoke() {
      if (!state.authorized) return
      state.authorized = false
      changed()
      emitter.emit('accountsChanged', [])
    },
    selectAccount(index) {
      if (!isAccountIndex(index)) throw new RangeError(`Dev wallet account index must be 0–9, got ${index}`)
      if (index === state.accountIndex) return
      state.accountIndex = index
      changed()
      if (state.authorized) emitter.emit('accountsChanged', [session.address()])
    },
    switchChain(chainId) {
      if (!findChain(chainId)) {
        throw new ProviderRpcError(
          errorCodes.unrecognizedChain,
          `Unrecognized chain ID ${toHexChainId(chainId)}. Try adding the chain using wallet_addEthereumChain first.`,
        )
      }
      if (chainId === state.chainId) return
      state.chainId = chainId
      changed()
      emitter.emit('chainChanged', toHexChainId(chainId))
    },
    addChain(chain) {
      if (findChain(chain.chainId)) return
      state.addedChains = [...state.addedChains, chain]
      changed()
    },
    setAutoApprove(autoApprove) {
      if (autoApprove === state.autoApprove) return
      state.autoApprove = autoApprove
      changed()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return session
}
