import { decimalsOf, floorBalance, isAddress, looksLikeName, sendProblem } from '@latch/core'
import { type FormEvent, useEffect, useId } from 'react'
import { useLatchClient } from '../../context.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { attemptOf, type SendViewProps, typedAmount, useSendForm } from './useSendForm.ts'
import './WalletSend.css'

/**
 * Send (SPEC §3 send state, §5 rules): pick a token, type an amount and a receiver (an address, or
 * a name the names API knows); the network fee is read as the form changes and the button says what is
 * still missing, including a coin balance too small for the fee. 'Preview Send' opens the review.
 */
export default function WalletSendView(props: SendViewProps) {
  const { TokenIcon, floorDecimal, formatUsd } = props.tokens
  const client = useLatchClient()
  const { network } = useNetwork()
  const { send, balances, nativeBalance, fee, smartAccount, receiverName } = useSendForm(props)
  // A new send: the last one's outcome is not this one's.
  useEffect(() => {
    attemptOf(client).setState({ sending: 'idle' })
  }, [client])
  const amountId = useId()
  const receiverId = useId()
  const hintId = useId()
  const { token, receiverAddress, receiverProfileName } = send

  const nativeSymbol = network.nativeCurrency.symbol
  const problem =
    receiverName.status === 'loading'
      ? 'Finding the name…'
      : sendProblem(send, {
          namespace: network.chainNamespace,
          nativeBalance,
          nativeSymbol,
          fee: fee.status === 'ready' ? fee.fee : undefined,
          smartAccount,
        })
  const ready = !problem && fee.status === 'ready'
  const amount = typedAmount(send)
  const amountUsd =
    amount !== undefined && token?.price !== undefined
      ? formatUsd((Number(amount) / 10 ** decimalsOf(token)) * token.price)
      : undefined

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (ready) client.router.push('WalletSendPreview')
  }
  const setMax = () => {
    if (!token) return
    // A coin send leaves the fee, once it is known (a smart account's is its paymaster's, SPEC §5).
    const held = token.quantity.numeric
    if (token.address || smartAccount || fee.status !== 'ready' || nativeBalance === undefined) {
      client.send.setState({ sendTokenAmount: held })
      return
    }
    const rest = nativeBalance > fee.fee ? nativeBalance - fee.fee : 0n
    client.send.setState({ sendTokenAmount: floorBalance(rest, decimalsOf(token), decimalsOf(token)) })
  }

  // What failed to load (the fee, or the balances), asked again.
  const retry =
    (fee.status === 'failed' && fee.retry) || (balances.status === 'failed' && balances.retry) || undefined
  let hint: string | undefined
  if (receiverName.status === 'failed') hint = `No address found for ${receiverName.name}`
  else if (receiverProfileName && receiverAddress) hint = `${receiverProfileName}: ${receiverAddress}`

  return (
    <form className="latch-view latch-send" onSubmit={onSubmit} noValidate>
      <div className="latch-send-box">
        <label className="latch-strong" htmlFor={amountId}>
          Amount
        </label>
        <div className="latch-send-amount">
          <input
            id={amountId}
            className="latch-send-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={send.sendTokenAmount ?? ''}
            onChange={(event) => client.send.setState({ sendTokenAmount: event.target.value })}
          />
          <button
            type="button"
            className="latch-send-token"
            onClick={() => client.router.push('WalletSendSelectToken')}
            aria-label={token ? `Token: ${token.symbol}. Change token` : 'Select token'}
          >
            {token ? (
              <>
                <TokenIcon key={token.iconUrl} src={token.iconUrl} name={token.symbol} />
                {token.symbol}
              </>
            ) : (
              'Select token'
            )}
          </button>
        </div>
        <div className="latch-send-line latch-muted">
          <span>{amountUsd ?? ''}</span>
          {token && (
            <span>
              {floorDecimal(token.quantity.numeric)} {token.symbol} available{' '}
              <button type="button" className="latch-link" onClick={setMax}>
                Max
              </button>
            </span>
          )}
        </div>
      </div>
      <div className="latch-send-box">
        <label className="latch-strong" htmlFor={receiverId}>
          To
        </label>
        <input
          id={receiverId}
          className="latch-send-input latch-send-receiver"
          autoComplete="off"
          spellCheck={false}
          placeholder="Address or name"
          aria-describedby={hint ? hintId : undefined}
          aria-invalid={
            receiverAddress &&
            !looksLikeName(receiverAddress) &&
            !isAddress(receiverAddress, network.chainNamespace)
              ? true
              : undefined
          }
          value={receiverProfileName ?? receiverAddress ?? ''}
          onChange={(event) =>
            client.send.setState({
              receiverAddress: event.target.value.trim() || undefined,
              receiverProfileName: undefined,
              receiverProfileImageUrl: undefined,
            })
          }
        />
        {hint && (
          <p id={hintId} className="latch-muted latch-send-hint" aria-live="polite">
            {hint}
          </p>
        )}
      </div>
      <p className="latch-send-line latch-muted" aria-live="polite">
        <span>Network fee</span>
        <span data-testid="latch-send-fee">
          {fee.status === 'ready'
            ? `${floorBalance(fee.fee, network.nativeCurrency.decimals, 6)} ${nativeSymbol}`
            : fee.status === 'failed'
              ? fee.message
              : '…'}
        </span>
      </p>
      {retry && (
        <button type="button" className="latch-button latch-button-secondary" onClick={retry}>
          Try again
        </button>
      )}
      <button type="submit" className="latch-button" disabled={!ready}>
        {problem ??
          (fee.status === 'ready'
            ? 'Preview Send'
            : fee.status === 'failed'
              ? fee.message
              : 'Estimating fee…')}
      </button>
    </form>
  )
}
