import { invalidParams } from '../errors.ts'
import type { MethodContext, MethodHandler } from './context.ts'

const connectRequest = ({ session, host }: MethodContext) => ({
  title: `Connect to ${host}`,
  details: [
    { label: 'Account', value: session.address() },
    { label: 'Network', value: session.currentChain().name },
  ],
})

const permissionsOf = ({ session, host }: MethodContext) =>
  session.state.authorized
    ? [
        {
          parentCapability: 'eth_accounts',
          invoker: host,
          caveats: [{ type: 'restrictReturnedAccounts', value: [session.address()] }],
        },
      ]
    : []

const asksForAccounts = (params: readonly unknown[]) => {
  const [permissions] = params
  if (typeof permissions !== 'object' || permissions === null || !('eth_accounts' in permissions)) {
    throw invalidParams('Latch Dev Wallet only grants the eth_accounts permission.')
  }
}

export const accountMethods: Record<string, MethodHandler> = {
  async eth_requestAccounts(_params, context) {
    if (!context.session.state.authorized) {
      await context.confirm(connectRequest(context))
      context.session.authorize()
    }
    return [context.session.address()]
  },

  async eth_accounts(_params, { session }) {
    return session.state.authorized ? [session.address()] : []
  },

  async wallet_requestPermissions(params, context) {
    asksForAccounts(params)
    await context.confirm(connectRequest(context))
    context.session.authorize()
    return permissionsOf(context)
  },

  async wallet_getPermissions(_params, context) {
    return permissionsOf(context)
  },

  async wallet_revokePermissions(params, { session }) {
    asksForAccounts(params)
    session.revoke()
    return null
  },
}
