import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { anvilAddresses, anvilMnemonic, anvilPrivateKeys } from './accounts.ts'

describe('anvil accounts', () => {
  it('lists the keys and addresses anvil derives from its mnemonic', () => {
    expect(anvilPrivateKeys).toHaveLength(10)
    anvilPrivateKeys.forEach((key, addressIndex) => {
      const derived = mnemonicToAccount(anvilMnemonic, { addressIndex })
      expect(privateKeyToAccount(key).address).toBe(derived.address)
      expect(anvilAddresses[addressIndex]).toBe(derived.address)
    })
  })
})
