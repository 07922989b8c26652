import type { DevWalletSession } from '../session.ts'
import type { ApprovalRequest } from '../types.ts'

export interface MethodContext {
  session: DevWalletSession
  /** Resolves when the user approves (or auto-approve is on); rejects with code 4001 otherwise. */
  confirm(request: ApprovalRequest): Promise<void>
  /** `location.host` of the page, shown in prompts. */
  host: string
}

export type MethodHandler = (params: readonly unknown[], context: MethodContext) => Promise<unknown>
