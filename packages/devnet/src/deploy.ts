import { getAddress, type Hash } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvilAddresses, anvilPrivateKeys } from './accounts.ts'
import { devnetClients } from './clients.ts'
import { compileTestToken } from './compile.ts'
import { type DeployedToken, mintedUnitsPerAccount, testTokens, tokenDeployerIndex } from './tokens.ts'

/**
 * Deploys LUSD, LTK and LPT from anvil account 9 and mints 10,000 whole units of each to accounts 0–9.
 * On a fresh chain the addresses equal {@link testTokenAddresses}.
 *
 * @example
 * const tokens = await deployTestTokens('http://127.0.0.1:8545')
 * // [{ address: '0x…', symbol: 'LUSD', name: 'Latch USD', decimals: 6 }, …]
 */
export async function deployTestTokens(rpcUrl: string): Promise<DeployedToken[]> {
  const { abi, bytecode } = await compileTestToken()
  const { publicClient, walletFor } = await devnetClients(rpcUrl)
  const account = privateKeyToAccount(anvilPrivateKeys[tokenDeployerIndex])
  const walletClient = walletFor(account)

  // Explicit nonces let every transaction go out without waiting for the previous receipt.
  let nonce = await publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' })
  const deployHashes: Hash[] = []
  for (const token of testTokens) {
    deployHashes.push(
      await walletClient.deployContract({
        abi,
        bytecode,
        args: [token.name, token.symbol, token.decimals],
        nonce: nonce++,
      }),
    )
  }
  const receipts = await Promise.all(
    deployHashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })),
  )
  const deployed = receipts.map((receipt, i): DeployedToken => {
    const token = testTokens[i]!
    if (receipt.status !== 'success' || !receipt.contractAddress) {
      throw new Error(`Deploying ${token.symbol} failed in transaction ${receipt.transactionHash}`)
    }
    return {
      address: getAddress(receipt.contractAddress),
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
    }
  })

  const mintHashes: Hash[] = []
  for (const token of deployed) {
    const amount = mintedUnitsPerAccount * 10n ** BigInt(token.decimals)
    for (const holder of anvilAddresses) {
      mintHashes.push(
        await walletClient.writeContract({
          address: token.address,
          abi,
          functionName: 'mint',
          args: [holder, amount],
          nonce: nonce++,
          gas: 100_000n,
        }),
      )
    }
  }
  const mintReceipts = await Promise.all(
    mintHashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })),
  )
  const failed = mintReceipts.find((r) => r.status !== 'success')
  if (failed) throw new Error(`Minting test tokens failed in transaction ${failed.transactionHash}`)
  return deployed
}
