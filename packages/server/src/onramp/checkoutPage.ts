// The sandbox on-ramp's checkout page: the order, a test card form, and what became of the payment. Plain HTML with
// one inline style sheet and no script, under a CSP that allows that sheet (by its hash) and posts to this server.
import { createHash } from 'node:crypto'
import type { OnrampOrder } from '../storage/onramp.ts'
import { SANDBOX_CARDS } from './sandbox.ts'

const css = `
:root { color-scheme: light dark; --bg: #fff; --fg: #141414; --muted: #5c5c5c; --line: #d9d9d9; --accent: #0a58ca;
  --bad: #b42318; --good: #067647; font: 16px/1.5 system-ui, sans-serif; }
@media (prefers-color-scheme: dark) { :root { --bg: #141414; --fg: #f2f2f2; --muted: #b3b3b3; --line: #3d3d3d;
  --accent: #8ab4f8; --bad: #fda29b; --good: #75e0a7; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); }
main { max-width: 420px; margin: 0 auto; padding: 24px 16px; }
h1 { font-size: 1.25rem; margin: 0 0 4px; }
p { margin: 8px 0; overflow-wrap: anywhere; }
.muted { color: var(--muted); font-size: 0.875rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 16px 0; padding: 12px;
  border: 1px solid var(--line); border-radius: 12px; }
dt { color: var(--muted); }
dd { margin: 0; text-align: end; overflow-wrap: anywhere; min-width: 0; }
form { display: grid; gap: 12px; }
label { display: grid; gap: 4px; font-size: 0.875rem; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
input { font: inherit; padding: 10px 12px; border: 1px solid var(--line); border-radius: 8px; background: var(--bg);
  color: var(--fg); min-width: 0; width: 100%; }
input:focus-visible, button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
input[aria-invalid='true'] { border-color: var(--bad); }
button { font: inherit; font-weight: 600; padding: 12px; border: 0; border-radius: 999px; background: var(--accent);
  color: var(--bg); cursor: pointer; }
.error { color: var(--bad); font-size: 0.875rem; margin: 0; }
.good { color: var(--good); }
.bad { color: var(--bad); }
`

/** The checkout's Content-Security-Policy: its style sheet, images of this server, forms posted to it. */
export const checkoutCsp = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'`,
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!)

function page(title: string, body: string, refresh = false): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="2">\n' : ''}<title>${esc(title)} · Latch Sandbox</title>
<style>${css}</style>
</head>
<body><main>
${body}
</main></body>
</html>`
}

const card = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ')

/** The order as a list of what is paid and what is received. */
function summary(order: OnrampOrder, network: string): string {
  const rows: [string, string][] = [
    ['You pay', `${order.paymentTotal} ${order.currency}`],
    ['Provider fee', `${order.fee} ${order.currency}`],
    ['Network fee', `${order.networkFee} ${order.currency}`],
    ['You receive', `${order.purchaseAmount} ${order.asset}`],
    ['Network', network],
    ['To', order.destination],
  ]
  return `<dl>${rows.map(([term, value]) => `<dt>${esc(term)}</dt><dd>${esc(value)}</dd>`).join('')}</dl>`
}

export interface CheckoutView {
  order: OnrampOrder
  /** The network's name. */
  network: string
  /** The form as posted, and what is wrong with it. */
  form?: { number?: string; expiry?: string; cvc?: string }
  problem?: { field: 'number' | 'expiry' | 'cvc'; message: string }
}

/** The page for an order in any state: the card form while unpaid, then its progress and outcome. */
export function checkoutPage({ order, network, form = {}, problem }: CheckoutView): string {
  const buy = `Buy ${order.asset}`
  switch (order.status) {
    case 'created': {
      const field = (name: 'number' | 'expiry' | 'cvc', label: string, attributes: string) => {
        const wrong = problem?.field === name
        const value = form[name] === undefined ? '' : ` value="${esc(form[name].slice(0, 32))}"`
        return `<label>${label}<input name="${name}" ${attributes}${value}${
          wrong ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
        }></label>${wrong ? `<p class="error" id="${name}-error">${esc(problem.message)}</p>` : ''}`
      }
      return page(
        buy,
        `<h1>${esc(buy)}</h1>
<p class="muted">Latch Sandbox: a test checkout. No real money moves; the devnet's ${esc(order.asset)} does.</p>
${summary(order, network)}
<form method="post">
${field('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" required maxlength="23"')}
<div class="row">
${field('expiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp" placeholder="MM/YY" required maxlength="7"')}
${field('cvc', 'Security code', 'inputmode="numeric" autocomplete="cc-csc" required maxlength="4"')}
</div>
<button type="submit">Pay ${esc(`${order.paymentTotal} ${order.currency}`)}</button>
</form>
<p class="muted">Test cards: ${card(SANDBOX_CARDS.paid)} pays; ${card(SANDBOX_CARDS.declined)} is declined. Any future
expiry and any 3 digits.</p>`,
      )
    }
    case 'pending':
      return page(
        'Payment received',
        `<h1>Payment received</h1>
<p role="status">Sending ${esc(`${order.purchaseAmount} ${order.asset}`)} to your wallet…</p>
${summary(order, network)}`,
        true,
      )
    case 'completed':
      return page(
        'Purchase complete',
        `<h1 class="good">Purchase complete</h1>
<p role="status">${esc(`${order.purchaseAmount} ${order.asset}`)} sent. You can close this window.</p>
${summary(order, network)}
<p class="muted">Transaction ${esc(order.txHash ?? '')}</p>`,
      )
    case 'failed':
      return page(
        'Payment failed',
        `<h1 class="bad">Payment failed</h1>
<p role="alert">${esc(order.failure ?? 'The purchase failed')}. Close this window and try again in the app.</p>
${summary(order, network)}`,
      )
  }
}

/** The page for a checkout this server does not know (a wrong link, or one left unpaid until it expired). */
export function checkoutNotFoundPage(): string {
  return page(
    'Checkout not found',
    `<h1>Checkout not found</h1>
<p>This checkout does not exist or has expired. Close this window and start again in the app.</p>`,
  )
}
