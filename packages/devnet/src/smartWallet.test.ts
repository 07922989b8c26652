import { createPublicClient, hashMessage, http, parseAbi, serializeErc6492Signature } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilPrivateKeys } from './accounts.ts'
import { type AnvilInstance, startAnvil } from './anvil.ts'
import { deploySmartWalletFactory, type SmartWalletFactory } from './smartWallet.ts'

const owner = privateKeyToAccount(anvilPrivateKeys[1]!)
const stranger = privateKeyToAccount(anvilPrivateKeys[2]!)
const erc1271 = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])

describe('the devnet smart wallet (ERC-1271, ERC-6492)', () => {
  let anvil: AnvilInstance
  let factory: SmartWalletFactory
  const client = () => createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 })

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337, port: 0 })
    factory = await deploySmartWalletFactory(anvil.rpcUrl)
  }, 60_000)
  afterAll(() => anvil?.stop())

  it('deploys at the address the factory predicts; accepts its owner’s signature and no one else’s', async () => {
    const salt = `0x${'01'.padStart(64, '0')}` as const
    const predicted = await factory.addressOf(owner.address, salt)
    expect(await client().getCode({ address: predicted })).toBeUndefined()
    const wallet = await factory.deploy(owner.address, salt)
    expect(wallet).toBe(predicted)

    const message = 'Sign in to the Latch devnet'
    const hash = hashMessage(message)
    const check = (signature: `0x${string}`) =>
      client().readContract({
        address: wallet,
        abi: erc1271,
        functionName: 'isValidSignature',
        args: [hash, signature],
      })
    expect(await check(await owner.signMessage({ message }))).toBe('0x1626ba7e')
    expect(await check(await stranger.signMessage({ message }))).toBe('0xffffffff')
    expect(await check('0x1234')).toBe('0xffffffff')
    // viem verifies against the chain: ERC-1271 for the deployed wallet.
    expect(
      await client().verifyMessage({
        address: wallet,
        message,
        signature: await owner.signMessage({ message }),
      }),
    ).toBe(true)
  })

  it('a wallet not deployed yet signs with ERC-6492 (factory and calldata around the owner’s signature)', async () => {
    const salt = `0x${'02'.padStart(64, '0')}` as const
    const wallet = await factory.addressOf(owner.address, salt)
    const message = 'Counterfactual'
    const signature = serializeErc6492Signature({
      address: factory.address,
      data: factory.deployData(owner.address, salt),
      signature: await owner.signMessage({ message }),
    })
    expect(await client().verifyMessage({ address: wallet, message, signature })).toBe(true)
    const forged = serializeErc6492Signature({
      address: factory.address,
      data: factory.deployData(owner.address, salt),
      signature: await stranger.signMessage({ message }),
    })
    expect(await client().verifyMessage({ address: wallet, message, signature: forged })).toBe(false)
    // Verifying deploys nothing: the check runs in a call.
    expect(await client().getCode({ address: wallet })).toBeUndefined()
  })
})
