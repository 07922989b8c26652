import { type ConnectionState, groupDigits, shortenAddress } from '@latch/core'
import { ChunkSlot } from '../../async.tsx'
import { createChunk } from '../../chunk.ts'
import { Icon } from '../../components/Icon/Icon.tsx'
import { WalletImage } from '../../components/WalletImage/WalletImage.tsx'
import { useLatchClient } from '../../context.ts'
import { useAccount } from '../../hooks/useAccount.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { useStore } from '../../hooks/useStore.ts'
import { accountDataChunk, emailChunk, socialChunk } from '../registry.ts'
import { Avatar } from './Avatar.tsx'

/**
 * The embedded wallet's account type and its switch (SPEC §3), a chunk of its own that only its visitors load. Here
 * rather than in the registry: there it would cost the button path 40 B gzip; here it costs this view vite's preload
 * map (146 B, measured with scripts/size.ts).
 */
const accountTypeChunk = createChunk(() => import('./AccountType.tsx'))

/** Whether the account is the embedded wallet's (e-mail login). */
const selectEmbedded = (state: ConnectionState) =>
  Object.values(state.connections).some((connection) => connection?.connectorType === 'AUTH')

/**
 * The connected account: name or address, balance, tokens and activity (with a Latch server, on eip155
 * networks), choosing a name, network, explorer link, copy and disconnect.
 */
export default function AccountView() {
  const client = useLatchClient()
  const account = useAccount()
  const { network, isUnsupported, imageUrl } = useNetwork()
  const embedded = useStore(client.connection, selectEmbedded)
  const { address, profileName, profileImage, balance, balanceSymbol, balanceStatus, addressExplorerUrl } =
    account
  if (!address) {
    return (
      <div className="latch-view">
        <p className="latch-muted latch-center-text">No account is connected.</p>
      </div>
    )
  }

  // SPEC §9: balances are served for every namespace Latch has an adapter for, eip155 and solana (activity and names
  // for eip155 only: AccountData leaves them out elsewhere).
  const hasAccountData = Boolean(client.options.apiUrl) && !isUnsupported

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      client.snack.show('success', 'Address copied')
    } catch {
      client.snack.show('error', 'Could not copy the address')
    }
  }

  return (
    <div className="latch-view latch-account">
      <Avatar address={address} image={profileImage} />
      <div className="latch-account-name">
        <p
          className="latch-strong latch-clip"
          data-testid="latch-account-address"
          title={profileName ?? address}
        >
          {profileName ?? shortenAddress(address)}
        </p>
        <button type="button" className="latch-icon-button" onClick={copy} aria-label="Copy address">
          <Icon name="copy" />
        </button>
        {/* With the account data, Receive is one of the wallet features under the balance (AccountData). */}
        {client.options.features.receive && !hasAccountData && (
          <button
            type="button"
            className="latch-icon-button"
            onClick={() => client.router.push('WalletReceive')}
            aria-label="Receive"
          >
            <Icon name="qr" />
          </button>
        )}
      </div>
      {/* The embedded wallet's account: its e-mail address, or the social login and its handle. */}
      {embedded && <ChunkSlot chunk={account.socialProvider ? socialChunk : emailChunk} />}
      <div className="latch-balance" data-testid="latch-account-balance" aria-live="polite">
        {balanceStatus === 'unavailable' ? (
          <>
            <span className="latch-muted">Balance unavailable</span>
            <button
              type="button"
              className="latch-icon-button"
              aria-label="Retry balance"
              onClick={() => void client.refreshBalance({ force: true })}
            >
              <Icon name="refresh" />
            </button>
          </>
        ) : balance !== undefined ? (
          `${groupDigits(balance)} ${balanceSymbol ?? ''}`
        ) : (
          <span className="latch-muted">{isUnsupported ? '—' : 'Loading balance…'}</span>
        )}
      </div>
      {hasAccountData && <ChunkSlot chunk={accountDataChunk} />}
      <ul className="latch-list">
        <li>
          <button
            type="button"
            className="latch-row"
            onClick={() => client.router.push(isUnsupported ? 'UnsupportedChain' : 'Networks')}
          >
            <WalletImage src={imageUrl} name={network.name} size={28} />
            <span className="latch-row-label">{isUnsupported ? 'Unsupported chain' : network.name}</span>
            <Icon name="chevron" />
          </button>
        </li>
        {embedded && network.chainNamespace === 'eip155' && (
          <li>
            <ChunkSlot chunk={accountTypeChunk} />
          </li>
        )}
        {addressExplorerUrl && (
          <li>
            <a className="latch-row" href={addressExplorerUrl} target="_blank" rel="noreferrer noopener">
              <span className="latch-image latch-monogram" aria-hidden="true">
                <Icon name="external" />
              </span>
              <span className="latch-row-label">Block explorer</span>
            </a>
          </li>
        )}
        <li>
          <button
            type="button"
            className="latch-row"
            onClick={() => client.disconnect().catch(() => undefined)}
          >
            <span className="latch-image latch-monogram" aria-hidden="true">
              <Icon name="power" />
            </span>
            <span className="latch-row-label">Disconnect</span>
          </button>
        </li>
      </ul>
    </div>
  )
}
