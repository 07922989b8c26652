// The ERC-4337 contracts' init code, read at run time from the build artifacts their authors publish on npm
// (devDependencies of @latch/devnet: installed, never copied into the repository).
import { createRequire } from 'node:module'
import { type Abi, type Address, concat, encodeAbiParameters, type Hex } from 'viem'

export interface ContractArtifact {
  abi: Abi
  bytecode: Hex
}

const require = createRequire(import.meta.url)

/**
 * A Hardhat artifact from an installed package, e.g. `@account-abstraction/contracts/artifacts/EntryPoint.json`.
 * Node caches it, so each file is parsed once per process.
 *
 * @example
 * const { abi, bytecode } = readArtifact('@account-abstraction/contracts/artifacts/VerifyingPaymaster.json')
 */
export function readArtifact(path: string): ContractArtifact {
  let artifact: Partial<ContractArtifact>
  try {
    artifact = require(path) as Partial<ContractArtifact>
  } catch (cause) {
    throw new Error(
      `Cannot read the contract artifact ${path}: its package is a devDependency of @latch/devnet (run npm install)`,
      { cause },
    )
  }
  if (!artifact.abi || typeof artifact.bytecode !== 'string' || !artifact.bytecode.startsWith('0x'))
    throw new Error(`${path} is not a Hardhat artifact with an abi and creation bytecode`)
  return artifact as ContractArtifact
}

/**
 * Creation code followed by ABI-encoded address arguments, as a constructor expects them.
 *
 * @example
 * initCode(readArtifact(`${aa07}/SimpleAccountFactory.json`).bytecode, [erc4337Addresses.entryPoint07])
 */
export function initCode(bytecode: Hex, addressArguments: readonly Address[] = []): Hex {
  if (addressArguments.length === 0) return bytecode
  const types = addressArguments.map(() => ({ type: 'address' }) as const)
  return concat([bytecode, encodeAbiParameters(types, addressArguments)])
}
