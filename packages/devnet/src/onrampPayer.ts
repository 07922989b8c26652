// The account the Latch server's sandbox on-ramp delivers purchases from: funded on every devnet chain at start.
import { createTestClient, http, parseEther, parseUnits, toHex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { anvilMnemonic, anvilPrivateKeys } from './accounts.ts'
import { devnetClients } from './clients.ts'
import { compileTestToken } from './compile.ts'
import { testTokenAddresses, tokenDeployerIndex } from './tokens.ts'

/**
 * The sandbox on-ramp's payer: the mnemonic's account 12 (index 11), which anvil does not fund, so that accounts 0–9
 * keep their balances and nonces whatever visitors buy.
 */
export const onrampPayer = mnemonicToAccount(anvilMnemonic, { addressIndex: 11 })
/** Its private key, which the server's devnet configuration carries (a public test key, like anvil's). */
export const onrampPayerKey = toHex(onrampPayer.getHdKey().privateKey!)

/** What it holds on each chain: enough for every purchase a day of development makes. */
export const onrampPayerFunds = { ETH: '10000', LUSD: '10000000' } as const

/**
 * Gives the payer its ether and mints it LUSD (from the tokens' minter, anvil account 9), on a chain where the test
 * tokens are deployed.
 *
 * @example
 * await fundOnrampPayer('http://127.0.0.1:8545')
 */
export async function fundOnrampPayer(rpcUrl: string): Promise<void> {
  const { publicClient, chain, walletFor } = await devnetClients(rpcUrl)
  await createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) }).setBalance({
    address: onrampPayer.address,
    value: parseEther(onrampPayerFunds.ETH),
  })
  const minter = walletFor(privateKeyToAccount(anvilPrivateKeys[tokenDeployerIndex]))
  const { abi } = await compileTestToken()
  const hash = await minter.writeContract({
    address: testTokenAddresses.LUSD,
    abi,
    functionName: 'mint',
    args: [onrampPayer.address, parseUnits(onrampPayerFunds.LUSD, 6)],
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`Funding the on-ramp's payer failed in ${hash}`)
}
