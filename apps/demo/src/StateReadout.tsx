import type { ConnectionState, NetworkState } from '@latch/core'
import { useAccount, useLatch, useLatchClient, useNetwork, useStore } from '@latch/react'
import { readDemoConfig } from './config.ts'

/** The social logins' providers as people know them (`account.socialProvider` is the id). */
const providerNames: Record<string, string> = {
  google: 'Google',
  apple: 'Apple',
  discord: 'Discord',
  github: 'GitHub',
  x: 'X',
  facebook: 'Facebook',
  farcaster: 'Farcaster',
  telegram: 'Telegram',
}

type SiwxMode = 'off' | 'optional' | 'required'
const siwxModes: readonly [SiwxMode, string][] = [
  ['off', 'Off'],
  ['optional', 'Optional'],
  ['required', 'Required'],
]

/** The page's sign-in mode, as main.tsx reads `?siwx=`: `required`, optional with any other value, else off. */
function siwxModeOf(search: string): SiwxMode {
  const { siwx } = readDemoConfig(search)
  if (!siwx) return 'off'
  return siwx === 'required' ? 'required' : 'optional'
}

/** Reloads the page with `?siwx=` set to `mode` (removed for off), every other parameter kept. */
function reloadWithSiwx(mode: SiwxMode) {
  const url = new URL(location.href)
  if (mode === 'off') url.searchParams.delete('siwx')
  else url.searchParams.set('siwx', mode)
  location.assign(url.href)
}

const selectNamespace = (s: NetworkState) => s.activeNamespace
const selectConnections = (s: ConnectionState) => s.connections

/** A live view of the client's state, for people trying the demo and for the e2e tests. */
export function StateReadout() {
  const client = useLatchClient()
  const account = useAccount()
  const { network, isUnsupported } = useNetwork()
  const { isOpen, view } = useLatch()
  const namespace = useStore(client.network, selectNamespace)
  const connections = useStore(client.connection, selectConnections)
  // The embedded wallet (e-mail and social logins) is the AUTH connector.
  const embedded = account.isConnected && connections[namespace]?.connectorType === 'AUTH'
  const rows: [string, string][] = [
    ['status', account.connectionStatus],
    ['address', account.address ?? '—'],
    ['caipAddress', account.caipAddress ?? '—'],
    ['network', isUnsupported ? 'unsupported' : network.caipNetworkId],
    [
      'balance',
      account.balance === undefined ? account.balanceStatus : `${account.balance} ${account.balanceSymbol}`,
    ],
    // A social login names its provider (Google…); an e-mail login is the embedded wallet's own name, Email.
    [
      'wallet',
      (embedded && account.socialProvider
        ? (providerNames[account.socialProvider] ?? account.socialProvider)
        : account.connectedWalletInfo?.name) ?? '—',
    ],
    // The embedded wallet's account type (smartAccount: its Safe; eoa: its key's own address), which that wallet
    // decides and reports. Any other wallet (an extension such as the Dev Wallet, WalletConnect) tells the app
    // nothing of what its account is (an EOA, as the Dev Wallet's, or a smart wallet, or an EIP-7702 delegation):
    // `preferredAccountTypes` then holds only the app's default for embedded logins, so the type is unknown: '—'.
    ['accountType', embedded ? (account.preferredAccountTypes.eip155 ?? '—') : '—'],
    // Whether the embedded wallet's Safe is on chain yet.
    ['smartAccountDeployed', String(account.smartAccountDeployed)],
    ['modal', isOpen ? `open (${view})` : 'closed'],
  ]
  const siwx = siwxModeOf(location.search)
  return (
    <section aria-labelledby="state-heading">
      <h2 id="state-heading">Client state</h2>
      <div className="demo-field">
        <label htmlFor="demo-siwx">Sign-in (SIWX)</label>
        <select
          id="demo-siwx"
          className="demo-select"
          value={siwx}
          onChange={(event) => reloadWithSiwx(event.currentTarget.value as SiwxMode)}
        >
          {siwxModes.map(([mode, label]) => (
            <option key={mode} value={mode}>
              {label}
            </option>
          ))}
        </select>
      </div>
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
