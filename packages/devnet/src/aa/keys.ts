// The accounts the devnet's ERC-4337 infrastructure signs with: anvil's mnemonic at indices 20 and up, which anvil
// does not fund and no other devnet deploy uses (those stop at index 12), so no one else's nonces move. Hard-coded
// so that reading them costs no key derivation; keys.test.ts checks them against the mnemonic.
import type { Address, Hex } from 'viem'

/** m/44'/60'/0'/0/20: deploys the VerifyingPaymaster at its nonce 0, so the paymaster's address is a constant. */
export const devnetPaymasterDeployerKey: Hex =
  '0xeaa861a9a01391ed3d587d8a5a84ca56ee277629a8b02c22093a419bf240e65d'
export const devnetPaymasterDeployer: Address = '0x09DB0a93B389bEF724429898f539AEB7ac2Dd55f'

/**
 * m/44'/60'/0'/0/21: the devnet paymaster's default verifying signer. A public TEST key, worthless on any real
 * network: whoever holds the mnemonic can sponsor user operations with it.
 */
export const devnetPaymasterSignerKey: Hex =
  '0xc511b2aa70776d4ff1d376e8537903dae36896132c90b91d52c1dfbae267cd8b'
export const devnetPaymasterSigner: Address = '0x02484cb50AAC86Eae85610D6f4Bf026f30f6627D'

/** m/44'/60'/0'/0/22: the devnet bundler's executor, which sends `handleOps`. */
export const bundlerExecutorKey: Hex = '0x224b7eb7449992aac96d631d9677f7bf5888245eef6d6eeda31e62d2f29a83e4'
export const bundlerExecutor: Address = '0x08135Da0A343E492FA2d4282F2AE34c6c5CC1BbE'

/** m/44'/60'/0'/0/23: the devnet bundler's utility account, which deploys alto's simulation contracts. */
export const bundlerUtilityKey: Hex = '0x4624e0802698b9769f5bdb260a3777fbd4941ad2901f5966b854f953497eec1b'
export const bundlerUtility: Address = '0x5E661B79FE2D3F6cE70F5AAC07d8Cd9abb2743F1'

/** m/44'/60'/0'/0/24: sends the canonical contracts' CREATE2 deployments (any sender gives the same addresses). */
export const erc4337ContractsSenderKey: Hex =
  '0x375ad145df13ed97f8ca8e27bb21ebf2a3819e9e0a06509a812db377e533def7'
export const erc4337ContractsSender: Address = '0x61097BA76cD906d2ba4FD106E757f7Eb455fc295'
