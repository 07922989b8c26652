import type { EmailLoginState } from '@latch/core'
import { useState } from 'react'
import { Icon } from '../../components/Icon/Icon.tsx'
import { useLatchClient } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

const selectType = (state: EmailLoginState) => state.user?.accountType

/**
 * The Account view's row (its list item's content) for the embedded wallet's eip155 account (SPEC §3): the type in use, and the switch to the
 * key's own account (its EOA) or back to its smart account, which the frame remembers for this user on this device.
 */
export default function AccountType() {
  const client = useLatchClient()
  // The Account view shows this row only for the embedded wallet's connection: its session is loaded.
  const session = client.loadedFrame()!
  const type = useStore(session.login, selectType)
  const [busy, setBusy] = useState(false)
  if (!type) return null
  const smart = type === 'smartAccount'

  const switchType = async () => {
    setBusy(true)
    try {
      await session.setAccountType(smart ? 'eoa' : 'smartAccount')
      client.snack.show('success', smart ? 'Switched to your EOA' : 'Switched to smart account')
    } catch (error) {
      // The frame says why (no chain of the server's has a bundler); pressing again retries.
      client.snack.show('error', (error as Error).message || 'Could not switch the account')
    } finally {
      setBusy(false)
    }
  }

  return (
    <button type="button" className="latch-row" onClick={switchType} disabled={busy}>
      <span className="latch-image latch-monogram" aria-hidden="true">
        <Icon name="refresh" />
      </span>
      <span className="latch-row-label">{smart ? 'Switch to your EOA' : 'Switch to smart account'}</span>
      <span className="latch-muted">{smart ? 'Smart account' : 'EOA'}</span>
    </button>
  )
}
