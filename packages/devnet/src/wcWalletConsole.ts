// The WalletConnect test wallet driven from a terminal: `latch-wc-wallet` and `npm start` read lines from stdin
// and print what the wallet answers, so a visitor can pair the demo with it by pasting the modal's URI.
import { createInterface } from 'node:readline'
import type { WcWallet } from './wcWallet.ts'

/** What a line typed into the wallet's console asks for. */
export type WcWalletCommand =
  | { type: 'pair'; uri: string }
  | { type: 'farcaster'; uri: string }
  | { type: 'reject'; reject: boolean }
  | { type: 'disconnect' }
  | { type: 'help' }

export const wcWalletHelp = [
  'Paste a wc: URI (Copy link in the modal) to pair, or a farcaster:// URI (Farcaster → Copy link) to sign in with it.',
  '  reject      decline proposals and requests from now on',
  '  approve     approve them again (the default)',
  '  disconnect  end every session from the wallet’s side',
].join('\n')

/**
 * Reads one console line: a `wc:` URI pairs, a `farcaster://` URI signs in with Farcaster; `reject`, `approve` and `disconnect` are commands (any case);
 * anything else, an empty line included, asks for help.
 *
 * @example
 * parseWcWalletCommand('wc:7f6e…@2?relay-protocol=irn&symKey=…') // { type: 'pair', uri: 'wc:7f6e…' }
 * parseWcWalletCommand('reject') // { type: 'reject', reject: true }
 */
export function parseWcWalletCommand(line: string): WcWalletCommand {
  const text = line.trim()
  if (text.startsWith('wc:')) return { type: 'pair', uri: text }
  if (text.startsWith('farcaster://')) return { type: 'farcaster', uri: text }
  const word = text.toLowerCase()
  if (word === 'reject') return { type: 'reject', reject: true }
  if (word === 'approve') return { type: 'reject', reject: false }
  if (word === 'disconnect') return { type: 'disconnect' }
  return { type: 'help' }
}

/**
 * The anvil account the wallet signs with, from `WC_ACCOUNT` (0–9). Default 1, so that it is not the browser
 * dev wallet's account 0 and both can be connected side by side.
 *
 * @example
 * wcWalletAccount(process.env.WC_ACCOUNT) // 1 when unset
 */
export function wcWalletAccount(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1
  if (!/^[0-9]$/.test(value.trim()))
    throw new Error(`WC_ACCOUNT must be an anvil account 0–9, got "${value}"`)
  return Number(value)
}

export interface AttachWcWalletConsoleParameters {
  /** Where lines come from (`process.stdin`). */
  input: NodeJS.ReadableStream
  /** Where the console writes. Default `console.log`. */
  log?: (line: string) => void
  /** Answers a pasted `farcaster://connect` URI (a test Farcaster client's approve) with what to print. */
  farcaster?: (uri: string) => Promise<string>
}

export interface WcWalletConsole {
  /** Stops reading and reporting; the wallet itself is the caller's to stop. */
  close(): void
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Drives `wallet` from `input` line by line (see `parseWcWalletCommand`) and prints the method of every request
 * it answers (approved or declined, as the last `reject` / `approve` said).
 *
 * @example
 * const wallet = await startWcWallet({ relayUrl, accountIndex: 1, chains: { 31337: rpcA } })
 * const console_ = attachWcWalletConsole(wallet, { input: process.stdin })
 */
export function attachWcWalletConsole(
  wallet: WcWallet,
  { input, log = console.log, farcaster }: AttachWcWalletConsoleParameters,
): WcWalletConsole {
  let rejecting = false
  const stopReporting = wallet.onRequest((method) => log(`request ${method}`))

  // Not a terminal interface: the terminal keeps Ctrl-C, so it still stops the process.
  const lines = createInterface({ input, terminal: false })
  lines.on('line', (line) => {
    const command = parseWcWalletCommand(line)
    if (command.type === 'pair') {
      wallet.pair(command.uri).then(
        () => log(rejecting ? 'paired; declining the proposal' : 'paired; approving the proposal'),
        (error: unknown) => log(`pairing failed: ${messageOf(error)}`),
      )
    } else if (command.type === 'farcaster') {
      if (!farcaster) log('no Farcaster client here: use latch-farcaster')
      else
        farcaster(command.uri).then(log, (error: unknown) =>
          log(`Farcaster sign-in failed: ${messageOf(error)}`),
        )
    } else if (command.type === 'reject') {
      rejecting = command.reject
      wallet.setReject(command.reject)
      log(command.reject ? 'declining from now on' : 'approving from now on')
    } else if (command.type === 'disconnect') {
      wallet.disconnectAll().then(
        () => log('disconnected every session'),
        (error: unknown) => log(`disconnect failed: ${messageOf(error)}`),
      )
    } else {
      log(wcWalletHelp)
    }
  })

  return {
    close() {
      stopReporting()
      lines.close()
    },
  }
}
