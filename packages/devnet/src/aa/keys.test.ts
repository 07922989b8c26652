import { type Hex, toHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { anvilMnemonic } from '../accounts.ts'
import {
  bundlerExecutor,
  bundlerExecutorKey,
  bundlerUtility,
  bundlerUtilityKey,
  devnetPaymasterDeployer,
  devnetPaymasterDeployerKey,
  devnetPaymasterSigner,
  devnetPaymasterSignerKey,
  erc4337ContractsSender,
  erc4337ContractsSenderKey,
} from './keys.ts'

describe('ERC-4337 infrastructure keys', () => {
  it.each([
    [20, devnetPaymasterDeployerKey, devnetPaymasterDeployer],
    [21, devnetPaymasterSignerKey, devnetPaymasterSigner],
    [22, bundlerExecutorKey, bundlerExecutor],
    [23, bundlerUtilityKey, bundlerUtility],
    [24, erc4337ContractsSenderKey, erc4337ContractsSender],
  ] as const)("are m/44'/60'/0'/0/%i of anvil's mnemonic", (addressIndex, key: Hex, address) => {
    const derived = mnemonicToAccount(anvilMnemonic, { addressIndex })
    expect(toHex(derived.getHdKey().privateKey!)).toBe(key)
    expect(derived.address).toBe(address)
  })
})
