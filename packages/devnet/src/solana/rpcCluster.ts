// The cluster's state and identity: getSlot, getBlockHeight, getEpochInfo, getTransactionCount, getGenesisHash,
// getVersion, getHealth, getRecentPrioritizationFees.
import { type RpcMethod, solanaRpcApiVersion } from './context.ts'
import { solanaLocalGenesisHash } from './network.ts'
import { addressParam, checkCommitment, configParam, invalidParams } from './params.ts'

const commitmentOnly: (answer: RpcMethod) => RpcMethod = (answer) => (params, chain) => {
  checkCommitment(configParam(params, 0), chain.slot)
  return answer(params, chain)
}

const getRecentPrioritizationFees: RpcMethod = (params) => {
  const addresses = params[0] ?? []
  if (!Array.isArray(addresses)) throw invalidParams('addresses (param 0) must be an array of public keys')
  if (addresses.length > 128) throw invalidParams('Too many inputs provided; max 128')
  for (const [index, item] of addresses.entries()) addressParam(item, `addresses[${index}]`)
  // No fee market on a chain with one transaction per slot.
  return []
}

/** The cluster methods, by name. */
export const clusterMethods: Record<string, RpcMethod> = {
  getSlot: commitmentOnly((_params, chain) => chain.slot),
  getBlockHeight: commitmentOnly((_params, chain) => chain.blockHeight),
  getEpochInfo: commitmentOnly((_params, chain) => ({
    absoluteSlot: chain.slot,
    blockHeight: chain.blockHeight,
    epoch: chain.epoch.epoch,
    slotIndex: chain.epoch.slotIndex,
    slotsInEpoch: chain.epoch.slotsInEpoch,
    transactionCount: chain.history.total,
  })),
  getTransactionCount: commitmentOnly((_params, chain) => chain.history.total),
  getGenesisHash: () => solanaLocalGenesisHash,
  getVersion: () => ({ 'feature-set': 0, 'solana-core': solanaRpcApiVersion }),
  getHealth: () => 'ok',
  getRecentPrioritizationFees,
}
