import { BaseError, floorBalance, initialSendState, sendTokens, shortenAddress } from '@latch/core'
import { useLatchClient } from '../../context.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { useStore } from '../../hooks/useStore.ts'
import { attemptOf, type Sending, type SendViewProps, useSendForm } from './useSendForm.ts'
import './WalletSend.css'

const selectSending = (state: { sending: Sending }) => state.sending

/**
 * Send, last step: what leaves the account, to whom, on which network and for what fee. 'Send' asks the
 * wallet; success closes the form with 'Transaction started'. A declined signature shows the declined state
 * with a retry; any other failure says so (SPEC §8) and keeps the form.
 */
export default function WalletSendPreviewView(props: SendViewProps) {
  const { TokenIcon, floorDecimal, formatUsd } = props.tokens
  const client = useLatchClient()
  const { network } = useNetwork()
  const { send, fee, smartAccount } = useSendForm(props)
  // The embedded wallet's smart account sends through the app's paymaster (its approval says so, or why not).
  const sponsored = smartAccount && client.connection.getState().connections.eip155?.connectorType === 'AUTH'
  const attempt = attemptOf(client)
  const sending = useStore(attempt, selectSending)
  const setSending = (next: Sending) => attempt.setState({ sending: next })
  const {
    token,
    sendTokenAmount,
    receiverAddress,
    receiverProfileName,
    receiverProfileImageUrl,
    gasPriceInUSD,
  } = send

  const submit = async () => {
    setSending('sending')
    try {
      await sendTokens(client)
      client.snack.show('success', 'Transaction started')
      client.send.replace(initialSendState())
      client.router.reset('Account')
    } catch (error) {
      // EIP-1193's 4001: the visitor declined in the wallet (by code, as RegisterName does).
      if ((error as { code?: unknown } | null)?.code === 4001) {
        setSending('declined')
        return
      }
      setSending('failed')
      client.snack.show(
        'error',
        // The send's own refusals (SPEC §5, §8 'Something went wrong') are plain Latch errors, said as they are.
        error instanceof BaseError && error.name === 'LatchError'
          ? error.shortMessage
          : 'Failed to send transaction. Please try again.',
      )
    }
  }

  if (!token || !sendTokenAmount || !receiverAddress) {
    return (
      <div className="latch-view">
        <p className="latch-muted latch-center-text">Nothing to send.</p>
      </div>
    )
  }
  const value =
    token.price === undefined ? undefined : formatUsd(Number(sendTokenAmount.replace(',', '.')) * token.price)

  return (
    <div className="latch-view latch-send">
      <div className="latch-send-summary">
        <p className="latch-muted">Send</p>
        <p className="latch-strong latch-send-total" data-testid="latch-send-total">
          {floorDecimal(sendTokenAmount.replace(',', '.'), 6)} {token.symbol}
          <TokenIcon key={token.iconUrl} src={token.iconUrl} name={token.symbol} />
        </p>
        {value && <p className="latch-muted">{value}</p>}
        <p className="latch-muted">To</p>
        <p className="latch-strong latch-send-to" data-testid="latch-send-receiver" title={receiverAddress}>
          {receiverProfileImageUrl && (
            <TokenIcon
              key={receiverProfileImageUrl}
              src={receiverProfileImageUrl}
              name={receiverProfileName ?? ''}
            />
          )}
          {receiverProfileName ?? shortenAddress(receiverAddress)}
        </p>
      </div>
      <dl className="latch-send-details">
        <dt className="latch-muted">Network</dt>
        <dd>{network.name}</dd>
        <dt className="latch-muted">Network fee</dt>
        <dd>
          {sponsored
            ? 'Sponsored'
            : fee.status === 'ready'
              ? `${floorBalance(fee.fee, network.nativeCurrency.decimals, 6)} ${network.nativeCurrency.symbol}`
              : '…'}
          {gasPriceInUSD !== undefined && <span className="latch-muted"> {formatUsd(gasPriceInUSD)}</span>}
        </dd>
      </dl>
      {sending === 'declined' && (
        <p className="latch-error-text" role="alert">
          Transaction declined
        </p>
      )}
      {sending === 'failed' && (
        <p className="latch-error-text" role="alert">
          Failed to send transaction. Please try again.
        </p>
      )}
      <div className="latch-send-actions">
        <button
          type="button"
          className="latch-button latch-button-secondary"
          disabled={sending === 'sending'}
          onClick={() => client.back()}
        >
          Cancel
        </button>
        <button type="button" className="latch-button" disabled={sending === 'sending'} onClick={submit}>
          {sending === 'sending' ? 'Confirm in your wallet…' : sending === 'idle' ? 'Send' : 'Try again'}
        </button>
      </div>
    </div>
  )
}
