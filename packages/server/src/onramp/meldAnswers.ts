// Meld's answers, as the provider reads them: an answer of the wrong shape is refused with the field named; an entry
// of a list (a currency, a quote, a transaction) that does not match is left out. And what Meld's transaction
// statuses mean as a purchase's status.
import { z } from 'zod'
import { refusalFields } from '../providerHttp.ts'
import {
  answerCurrencyId as currencyId,
  answerOptionalText as optionalText,
  answerText as text,
} from './schemas.ts'
import type { OnrampPurchase } from './types.ts'

export const money = z.number().finite().nonnegative()
// As the on-ramp API takes currencies back (onramp/schemas.ts): an id outside it could never be quoted.
/** Meld's crypto currency code names the asset and the network: 'USDC_BASE', 'ETH'. */
export const cryptoCode = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'not a currency code')

// Meld's lists are arrays of entries; an entry that does not match is left out, not the whole list refused.
export const listAnswer = z.array(z.unknown())
export const fiatEntry = z.object({ currencyCode: currencyId })
export const cryptoEntry = z.object({
  currencyCode: cryptoCode,
  name: text(128),
  chainCode: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'not a chain code'),
  chainName: text(128),
  chainId: optionalText(64),
  contractAddress: optionalText(128),
})
export const paymentMethodEntry = z.object({ paymentMethod: z.string().regex(/^[A-Za-z0-9_]{1,64}$/) })
export const limitEntry = z.object({ currencyCode: currencyId, minimumAmount: money, maximumAmount: money })
export const quotesAnswer = z.object({ quotes: z.array(z.unknown()).nullish() })
export const quoteEntry = z.object({
  serviceProvider: text(64),
  sourceAmount: money,
  sourceCurrencyCode: currencyId,
  destinationAmount: money,
  totalFee: money.nullish(),
  networkFee: money.nullish(),
  transactionFee: money.nullish(),
  partnerFee: money.nullish(),
})
export const transactionsAnswer = z.object({ transactions: z.array(z.unknown()) })
export const transactionEntry = z.object({
  id: text(128),
  status: z.string().transform(statusOf),
  transactionType: z.string().nullish(),
  sourceAmount: money,
  sourceCurrencyCode: currencyId,
  destinationAmount: money,
  destinationCurrencyCode: cryptoCode,
  createdAt: z.iso.datetime({ offset: true }).transform((value) => new Date(value)),
  cryptoDetails: z
    .object({
      walletAddress: optionalText(128),
      blockchainTransactionId: optionalText(128),
      chainId: optionalText(64),
    })
    .nullish(),
})
/** Meld's refusals: `{ code: 'BAD_REQUEST', message, errors, requestId, timestamp }`. */
export const refusalAnswer = z.object({ message: text(1000) }).transform(({ message }) => message)
export const quoteFieldOf = refusalFields({
  sourceAmount: 'amount',
  amount: 'amount',
  sourceCurrencyCode: 'paymentCurrency',
  destinationCurrencyCode: 'purchaseCurrency',
})

/**
 * A Meld status as a purchase's: SETTLED is delivered; the terminal failures (and a voided or expired authorization)
 * failed; the rest, ERROR included (Meld retries it) and any status it adds later, are on their way.
 */
function statusOf(status: string): OnrampPurchase['status'] {
  if (status === 'SETTLED') return 'completed'
  const failed = ['FAILED', 'DECLINED', 'CANCELLED', 'REFUNDED', 'VOIDED', 'AUTHORIZATION_EXPIRED']
  return failed.includes(status) ? 'failed' : 'pending'
}
