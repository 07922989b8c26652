// The account store's part that the embedded wallet's account decides, a chunk of its own started with the first
// signed-in account: while the embedded wallet is the eip155 connection, the type in use (preferredAccountTypes,
// which a connect first sets to the app's default) and whether its Safe is deployed on the account's chain
// (smartAccountDeployed, SPEC §4), read again after each send.
import type { ClientContext } from '../client/context.ts'
import type { Store } from '../state/store.ts'
import type { EmailLoginState } from './types.ts'

export interface FollowedFrame {
  login: Store<EmailLoginState>
  rpc(method: string, params: unknown, chainId: number): Promise<unknown>
}

/**
 * Keeps the account store in line with the embedded wallet's account; `sent()` after a send (which may have deployed
 * the Safe).
 *
 * @example
 * const account = followAccount(context, { login, rpc })
 * account.sent()
 */
export function followAccount(context: ClientContext, frame: FollowedFrame): { sent(): void } {
  const { accounts, connection } = context
  /** Which account the deployment flag was last read for (type, CAIP address). */
  let readFor: string | undefined

  async function readDeployed() {
    const { address, caipAddress } = accounts.get('eip155')
    const smart = frame.login.getState().user?.accountType === 'smartAccount'
    const chainId = Number(caipAddress?.split(':')[1])
    if (!address || !chainId) return
    const deployed =
      smart && (await frame.rpc('eth_getCode', [address, 'latest'], chainId).catch(() => '0x')) !== '0x'
    if (accounts.get('eip155').address === address)
      accounts.update('eip155', { smartAccountDeployed: deployed })
  }

  function follow() {
    const user = frame.login.getState().user
    if (!user || connection.getState().connections.eip155?.connectorType !== 'AUTH') return
    const { preferredAccountTypes, address, caipAddress } = accounts.get('eip155')
    if (preferredAccountTypes.eip155 !== user.accountType)
      accounts.update('eip155', {
        preferredAccountTypes: { ...preferredAccountTypes, eip155: user.accountType },
      })
    const key = `${user.accountType} ${caipAddress}`
    if (address && key !== readFor) {
      readFor = key
      void readDeployed()
    }
  }
  for (const store of [frame.login, connection, accounts]) store.subscribe(follow)
  follow()
  return { sent: () => void readDeployed() }
}
