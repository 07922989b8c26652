import { anvilAddresses, anvilPrivateKeys, compileTestToken } from '@latch/devnet'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The account whose data is as long as data gets (the layout gate's hostile data): anvil account 2, which no
 * other spec uses, holds a token with a 40-character name and a 78-digit balance, a quintillion ether, a
 * 30-character name, and has sent both.
 */
export const HOSTILE_ACCOUNT = 2
export const hostileAddress = anvilAddresses[HOSTILE_ACCOUNT]!

export const hostileToken = {
  name: 'Latch Hostile Token With A Forty Char Nm',
  symbol: 'HOSTILESYMBOL',
  decimals: 1,
} as const

/** A 30-character label in the names zone. */
export const hostileName = 'thirty-characters-long-name-ok.latch.id'

/** A directory wallet's name of 60 characters. */
export const hostileWalletName = 'Wallet With A Sixty Character Name That Goes On And On Ok Ok'

const MAX_UINT256 = 2n ** 256n - 1n

/**
 * On a fresh devnet chain: deploys the hostile token from the hostile account (its first transaction, so the
 * address is always the same), mints it 2^256 − 1 units, gives it 10^18 ether (past 2^128 wei anvil refuses
 * to spend it) and sends account 1 a 70-digit amount of the token and 10^15 ether, so that Activity has rows as
 * long as its Tokens.
 */
export async function seedHostileAccount(rpcUrl: string): Promise<Address> {
  const { abi, bytecode } = await compileTestToken()
  const chainId = await createPublicClient({ transport: http(rpcUrl) }).getChainId()
  const chain = defineChain({
    id: chainId,
    name: 'Latch devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const anvil = createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) }).extend(publicActions)
  await anvil.setBalance({ address: hostileAddress, value: 10n ** 36n })
  const wallet = createWalletClient({
    account: privateKeyToAccount(anvilPrivateKeys[HOSTILE_ACCOUNT]!),
    chain,
    transport: http(rpcUrl),
  })
  const deployed = await anvil.waitForTransactionReceipt({
    hash: await wallet.deployContract({
      abi,
      bytecode,
      args: [hostileToken.name, hostileToken.symbol, hostileToken.decimals],
    }),
  })
  const address = deployed.contractAddress!
  const receiver = anvilAddresses[1]!
  for (const hash of [
    await wallet.writeContract({ address, abi, functionName: 'mint', args: [hostileAddress, MAX_UINT256] }),
    await wallet.writeContract({ address, abi, functionName: 'transfer', args: [receiver, 10n ** 70n] }),
    await wallet.sendTransaction({ to: receiver, value: 10n ** 33n }),
  ]) {
    const receipt = await anvil.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`Seeding the hostile account failed in ${hash}`)
  }
  return address
}
