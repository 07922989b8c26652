import { useAccount, useLatch, useNetwork } from '@latch/react'

/** A live view of the client's state, for people trying the demo and for the e2e tests. */
export function StateReadout() {
  const account = useAccount()
  const { network, isUnsupported } = useNetwork()
  const { isOpen, view } = useLatch()
  const rows: [string, string][] = [
    ['status', account.connectionStatus],
    ['address', account.address ?? '—'],
    ['caipAddress', account.caipAddress ?? '—'],
    ['network', isUnsupported ? 'unsupported' : network.caipNetworkId],
    [
      'balance',
      account.balance === undefined ? account.balanceStatus : `${account.balance} ${account.balanceSymbol}`,
    ],
    ['wallet', account.connectedWalletInfo?.name ?? '—'],
    // The e-mail account's type (smartAccount: its Safe) and whether that Safe is on chain yet.
    ['accountType', account.isConnected ? (account.preferredAccountTypes.eip155 ?? '—') : '—'],
    ['smartAccountDeployed', String(account.smartAccountDeployed)],
    ['modal', isOpen ? `open (${view})` : 'closed'],
  ]
  return (
    <section aria-labelledby="state-heading">
      <h2 id="state-heading">Client state</h2>
      <dl className="demo-state" data-testid="state">
        {rows.map(([key, value]) => (
          <div key={key} data-key={key}>
            <dt>{key}</dt>
            <dd data-testid={`state-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
