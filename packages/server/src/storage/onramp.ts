// The sandbox on-ramp's orders: created with a checkout, paid once, then delivered or failed.
import { and, asc, count, desc, eq, inArray, lt, ne } from 'drizzle-orm'
import type { Database } from './database.ts'
import { onrampOrders } from './schema.ts'

export type OnrampOrderStatus = 'created' | 'pending' | 'completed' | 'failed'

export interface OnrampOrder {
  id: string
  partnerUserId: string
  destination: string
  chainId: number
  asset: string
  /** Whole units of the asset, as quoted. */
  purchaseAmount: string
  currency: string
  paymentTotal: string
  fee: string
  networkFee: string
  status: OnrampOrderStatus
  failure: string | null
  txHash: string | null
  createdAt: Date
  updatedAt: Date
}

export type NewOnrampOrder = Omit<OnrampOrder, 'status' | 'failure' | 'txHash' | 'updatedAt'>

export interface OnrampOrderStore {
  create(order: NewOnrampOrder): Promise<void>
  get(id: string): Promise<OnrampOrder | undefined>
  /**
   * Moves the order from `from` to `to` (with a failure or the delivery's hash) if it is still at `from`; answers
   * whether it moved. Paying is `created → pending`: of two payments at once, one moves it, the other finds it gone.
   */
  move(
    id: string,
    from: OnrampOrderStatus,
    to: OnrampOrderStatus,
    now: Date,
    details?: { failure?: string; txHash?: string },
  ): Promise<boolean>
  /** The paid orders (pending, completed, failed) of `partnerUserId`, newest first. */
  paidBy(partnerUserId: string, limit: number): Promise<OnrampOrder[]>
  /** Orders still unpaid. */
  countUnpaid(): Promise<number>
  /** Deletes the unpaid orders created before `before`; answers how many. */
  purgeUnpaid(before: Date): Promise<number>
  /** Deletes the paid orders created before `before`; answers how many. */
  purgeSettled(before: Date): Promise<number>
  /** Orders still pending, last moved before `before`, oldest first. */
  pendingBefore(before: Date, limit: number): Promise<OnrampOrder[]>
}

export function createOnrampOrderStore(db: Database): OnrampOrderStore {
  return {
    async create(order) {
      await db.insert(onrampOrders).values({ ...order, status: 'created', updatedAt: order.createdAt })
    },
    async get(id) {
      const [row] = await db.select().from(onrampOrders).where(eq(onrampOrders.id, id))
      return row
    },
    async move(id, from, to, now, details = {}) {
      const moved = await db
        .update(onrampOrders)
        .set({ status: to, updatedAt: now, ...details })
        .where(and(eq(onrampOrders.id, id), eq(onrampOrders.status, from)))
        .returning({ id: onrampOrders.id })
      return moved.length > 0
    },
    async paidBy(partnerUserId, limit) {
      return db
        .select()
        .from(onrampOrders)
        .where(and(eq(onrampOrders.partnerUserId, partnerUserId), ne(onrampOrders.status, 'created')))
        .orderBy(desc(onrampOrders.createdAt), desc(onrampOrders.id))
        .limit(limit)
    },
    async countUnpaid() {
      const [row] = await db
        .select({ n: count() })
        .from(onrampOrders)
        .where(eq(onrampOrders.status, 'created'))
      return row?.n ?? 0
    },
    async purgeUnpaid(before) {
      const gone = await db
        .delete(onrampOrders)
        .where(and(eq(onrampOrders.status, 'created'), lt(onrampOrders.createdAt, before)))
        .returning({ id: onrampOrders.id })
      return gone.length
    },
    async purgeSettled(before) {
      const gone = await db
        .delete(onrampOrders)
        .where(and(inArray(onrampOrders.status, ['completed', 'failed']), lt(onrampOrders.createdAt, before)))
        .returning({ id: onrampOrders.id })
      return gone.length
    },
    async pendingBefore(before, limit) {
      return db
        .select()
        .from(onrampOrders)
        .where(and(eq(onrampOrders.status, 'pending'), lt(onrampOrders.updatedAt, before)))
        .orderBy(asc(onrampOrders.updatedAt))
        .limit(limit)
    },
  }
}
