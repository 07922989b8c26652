import { BaseError } from '@latch/core'
import { useAccount, useLatchClient } from '@latch/react'
import { useState } from 'react'

/** Anvil's account 1: a receiver that exists on every devnet. */
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const message = 'Hello from Latch'

/** Real signatures from the connected wallet: a personal_sign and a small transfer. */
export function WalletActions() {
  const client = useLatchClient()
  const { isConnected } = useAccount()
  const [result, setResult] = useState<{ label: string; value: string }>()
  const [busy, setBusy] = useState(false)

  if (!isConnected) return null

  const run = (label: string, action: () => Promise<string>) => {
    setBusy(true)
    setResult(undefined)
    action()
      .then((value) => setResult({ label, value }))
      .catch((error: unknown) =>
        setResult({ label: 'error', value: error instanceof BaseError ? error.shortMessage : String(error) }),
      )
      .finally(() => setBusy(false))
  }

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
      </div>
      {result && (
        <p className="demo-result" data-testid={`result-${result.label}`}>
          {result.label}: {result.value}
        </p>
      )}
    </section>
  )
}
