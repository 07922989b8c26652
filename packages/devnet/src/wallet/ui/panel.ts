import { anvilAddresses } from '../../accounts.ts'
import { devWalletIcon } from '../icon.ts'
import type { DevWalletSession } from '../session.ts'
import { h, uniqueId } from './dom.ts'
import { accountLabel, chainLabel } from './format.ts'
import {
  buttonRowStyle,
  checkboxRowStyle,
  dialogStyle,
  fieldStyle,
  headingStyle,
  inputStyle,
  launcherIconStyle,
  launcherStyle,
  primaryButtonStyle,
  secondaryButtonStyle,
  statusStyle,
} from './styles.ts'

export interface Panel {
  launcher: HTMLButtonElement
  dialog: HTMLDialogElement
  destroy(): void
}

/**
 * The "Dev Wallet" button and its settings panel (a modal `<dialog>`): account, network, auto-approve and
 * disconnecting the site. It reflects every change to the session, whoever made it.
 *
 * @example
 * const panel = createPanel(session, location.host)
 * document.body.append(panel.launcher, panel.dialog)
 */
export function createPanel(session: DevWalletSession, host: string): Panel {
  const headingId = uniqueId('devwallet-panel-title')
  const status = h('p', { attrs: { role: 'status' }, style: statusStyle })

  const accountSelect = h(
    'select',
    { style: inputStyle },
    anvilAddresses.map((_, index) =>
      h('option', { attrs: { value: String(index) }, text: accountLabel(index) }),
    ),
  )
  const networkSelect = h('select', { style: inputStyle })
  const autoApprove = h('input', { attrs: { type: 'checkbox' } })
  const disconnect = h('button', {
    attrs: { type: 'button' },
    style: secondaryButtonStyle,
    text: 'Disconnect this site',
  })
  const close = h('button', { attrs: { type: 'button' }, style: primaryButtonStyle, text: 'Close' })

  const dialog = h(
    'dialog',
    { attrs: { 'aria-labelledby': headingId, 'data-testid': 'devwallet-panel' }, style: dialogStyle },
    [
      h('h2', { attrs: { id: headingId }, style: headingStyle, text: 'Latch Dev Wallet' }),
      status,
      h('label', { style: fieldStyle }, ['Account', accountSelect]),
      h('label', { style: fieldStyle }, ['Network', networkSelect]),
      h('label', { style: checkboxRowStyle }, [autoApprove, 'Auto-approve']),
      h('div', { style: buttonRowStyle }, [disconnect, close]),
    ],
  )

  const launcher = h(
    'button',
    { attrs: { type: 'button', 'aria-haspopup': 'dialog' }, style: launcherStyle },
    [h('img', { attrs: { src: devWalletIcon(), alt: '' }, style: launcherIconStyle }), 'Dev Wallet'],
  )

  const sync = () => {
    const { state } = session
    status.textContent = state.authorized ? `Connected to ${host}` : `Not connected to ${host}`
    accountSelect.value = String(state.accountIndex)
    const chains = session.chains()
    const labels = chains.map(chainLabel)
    if ([...networkSelect.options].map((o) => o.text).join('\n') !== labels.join('\n')) {
      networkSelect.replaceChildren(
        ...chains.map((chain, i) =>
          h('option', { attrs: { value: String(chain.chainId) }, text: labels[i]! }),
        ),
      )
    }
    networkSelect.value = String(state.chainId)
    autoApprove.checked = state.autoApprove
    disconnect.disabled = !state.authorized
  }
  sync()
  const unsubscribe = session.subscribe(sync)

  accountSelect.addEventListener('change', () => session.selectAccount(Number(accountSelect.value)))
  networkSelect.addEventListener('change', () => session.switchChain(Number(networkSelect.value)))
  autoApprove.addEventListener('change', () => session.setAutoApprove(autoApprove.checked))
  disconnect.addEventListener('click', () => session.revoke())
  close.addEventListener('click', () => dialog.close())
  launcher.addEventListener('click', () => {
    if (!dialog.open) dialog.showModal()
  })

  return {
    launcher,
    dialog,
    destroy() {
      unsubscribe()
      if (dialog.open) dialog.close()
      dialog.remove()
      launcher.remove()
    },
  }
}
