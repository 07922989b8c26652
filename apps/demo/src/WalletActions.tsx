import { BaseError, getCallsStatus, sendCalls } from '@latch/core'
import { useAccount, useLatchClient } from '@latch/react'
import { useState } from 'react'

/** Anvil's account 1: a receiver that exists on every devnet. */
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** Anvil's account 2, the second receiver of the calls. */
const receiver2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const message = 'Hello from Latch'

/** An EIP-712 order, as a dapp asks a wallet to sign one (eth_signTypedData_v4). */
const order = (chainId: number, maker: string) => ({
  domain: { name: 'Latch Demo Exchange', version: '1', chainId, verifyingContract: receiver },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Order: [
      { name: 'maker', type: 'address' },
      { name: 'sell', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Order',
  message: { maker, sell: 'ETH', amount: '10000000000000000' },
})

/**
 * Real signatures from the connected wallet: a personal_sign, typed data, a small transfer, and a method wallets
 * should refuse (eth_sign signs any hash: the embedded wallet does not allow it).
 */
export function WalletActions() {
  const client = useLatchClient()
  const { isConnected, address } = useAccount()
  const [result, setResult] = useState<{ label: string; value: string }>()
  const [busy, setBusy] = useState(false)
  const [callsId, setCallsId] = useState<string>()

  // Its requests are EIP-1193's: shown for an EVM account.
  if (!isConnected || !address?.startsWith('0x')) return null

  const run = (label: string, action: () => Promise<string>) => {
    setBusy(true)
    setResult(undefined)
    action()
      .then((value) => setResult({ label, value }))
      .catch((error: unknown) =>
        setResult({
          label: 'error',
          // A wallet's own refusal is often a plain { code, message } object.
          value:
            error instanceof BaseError
              ? error.shortMessage
              : String((error as { message?: unknown } | null)?.message ?? error),
        }),
      )
      .finally(() => setBusy(false))
  }

  /** A request to the connected wallet's own EIP-1193 provider, as a dapp on viem or ethers makes one. */
  const ask = async (method: string, params: unknown[]) => {
    const { connectorId } = client.connection.getState().connections.eip155 ?? {}
    const connector = client.connectors.getState().list.find((known) => known.id === connectorId)
    const provider = connector?.provider as
      | { request(args: { method: string; params: unknown[] }): Promise<unknown> }
      | undefined
    if (!provider) throw new Error('No wallet is connected')
    return String(await provider.request({ method, params }))
  }
  const chainId = Number(client.network.getState().activeNetwork.id)

  return (
    <section aria-labelledby="actions-heading">
      <h2 id="actions-heading">Try the wallet</h2>
      <div className="demo-row">
        <button
          type="button"
          className="demo-button"
          disabled={busy}
          onClick={() => run('signature', () => client.signMessage(message))}
        >
          Sign “{message}”
        </button>
        <button
          type="button"
          className="demo-button"
          disabled={busy}
          onClick={() =>
            run('transaction', () => client.sendTransaction({ to: receiver, value: 10_000_000_000_000_000n }))
          }
        >
          Send 0.01 ETH to account 1
        </button>
        <button
          type="button"
          className="demo-button"
          disabled={busy}
          onClick={() =>
            run('calls', async () => {
              // EIP-5792: one atomic operation where the wallet can, else one transaction after the other.
              const sent = await sendCalls(client, {
                calls: [
                  { to: receiver, value: 1_000_000_000_000_000n },
                  { to: receiver2, value: 1_000_000_000_000_000n },
                ],
              })
              setCallsId(sent.id)
              return `${sent.id} (${sent.atomic ? 'atomic' : 'one by one'})`
            })
          }
        >
          Send 0.001 ETH to accounts 1 and 2 (calls)
        </button>
        <button
          type="button"
          className="demo-button"
          disabled={busy || !callsId}
          onClick={() =>
            run('calls-status', async () => {
              const { status, receipts } = await getCallsStatus(client, callsId!)
              return `${status}, ${receipts.length} receipt${receipts.length === 1 ? '' : 's'}`
            })
          }
        >
          Status of the calls
        </button>
        <button
          type="button"
          className="demo-button"
          disabled={busy}
          onClick={() =>
            run('typed-signature', () =>
              ask('eth_signTypedData_v4', [address, JSON.stringify(order(chainId, address ?? ''))]),
            )
          }
        >
          Sign an order (typed data)
        </button>
        <button
          type="button"
          className="demo-button"
          disabled={busy}
          onClick={() => run('eth_sign', () => ask('eth_sign', [address, `0x${'00'.repeat(32)}`]))}
        >
          Ask for eth_sign
        </button>
        <button
          type="button"
          className="demo-button"
          disabled={busy}
          onClick={() => run('accounts', () => ask('eth_accounts', []))}
        >
          Ask for the wallet’s accounts
        </button>
      </div>
      {result && (
        <p className="demo-result" data-testid={`result-${result.label}`}>
          {result.label}: {result.value}
        </p>
      )}
    </section>
  )
}
