// The on-ramp's orders.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The sandbox on-ramp's orders (`onramp/sandbox.ts`): a checkout made by `POST /v1/generators/onrampurl`, paid with
 * a test card on the server's own page, then delivered on the devnet. Unpaid ones are dropped after a while.
 */
export const onrampOrders = pgTable(
  'onramp_orders',
  {
    /** Random, 128 bits: the checkout page's address holds it. */
    id: text('id').primaryKey(),
    partnerUserId: text('partner_user_id').notNull(),
    /** The address it is delivered to, as given. */
    destination: text('destination').notNull(),
    /** eip155 chain id. */
    chainId: integer('chain_id').notNull(),
    /** The asset's symbol and how much of it, in whole units. */
    asset: text('asset').notNull(),
    purchaseAmount: text('purchase_amount').notNull(),
    /** In the payment currency: what the visitor pays, the provider's fee and the network fee. */
    currency: text('currency').notNull(),
    paymentTotal: text('payment_total').notNull(),
    fee: text('fee').notNull(),
    networkFee: text('network_fee').notNull(),
    status: text('status', { enum: ['created', 'pending', 'completed', 'failed'] }).notNull(),
    /** Why it failed, in words the checkout shows. */
    failure: text('failure'),
    txHash: text('tx_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('onramp_orders_user').on(table.partnerUserId, table.createdAt),
    index('onramp_orders_status').on(table.status, table.createdAt),
  ],
)
