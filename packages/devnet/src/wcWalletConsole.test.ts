import { PassThrough } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import type { WcWallet } from './wcWallet.ts'
import {
  attachWcWalletConsole,
  parseWcWalletCommand,
  wcWalletAccount,
  wcWalletHelp,
} from './wcWalletConsole.ts'

const uri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1767000000'

describe('parseWcWalletCommand', () => {
  it('pairs with a pasted wc: URI, spaces around it ignored', () => {
    expect(parseWcWalletCommand(`  ${uri}\r`)).toEqual({ type: 'pair', uri })
  })

  it('hands a pasted farcaster:// URI to the Farcaster client', () => {
    const code = 'farcaster://connect?channelToken=abc&nonce=n0nce123&siweUri=http%3A%2F%2Fx&domain=x'
    expect(parseWcWalletCommand(` ${code} `)).toEqual({ type: 'farcaster', uri: code })
  })

  it('reads reject, approve and disconnect in any case', () => {
    expect(parseWcWalletCommand('reject')).toEqual({ type: 'reject', reject: true })
    expect(parseWcWalletCommand(' Approve ')).toEqual({ type: 'reject', reject: false })
    expect(parseWcWalletCommand('DISCONNECT')).toEqual({ type: 'disconnect' })
  })

  it('asks for help on anything else', () => {
    for (const line of ['', 'help', 'pair', 'https://example.com/wc?uri=wc:abc', 'rejected'])
      expect(parseWcWalletCommand(line), line).toEqual({ type: 'help' })
  })
})

describe('wcWalletAccount', () => {
  it('is account 1 unless WC_ACCOUNT names one of 0–9', () => {
    expect(wcWalletAccount(undefined)).toBe(1)
    expect(wcWalletAccount('')).toBe(1)
    expect(wcWalletAccount('0')).toBe(0)
    expect(wcWalletAccount('9')).toBe(9)
  })

  it('refuses anything else with the variable named', () => {
    for (const value of ['10', '-1', 'one', '1.5'])
      expect(() => wcWalletAccount(value), value).toThrow(
        `WC_ACCOUNT must be an anvil account 0–9, got "${value}"`,
      )
  })
})

/** A wallet that records what the console asks of it. */
function fakeWallet() {
  const requests: string[] = []
  const calls: string[] = []
  const listeners = new Set<(method: string) => void>()
  /** Plays the wallet receiving a request. */
  const request = (method: string) => {
    requests.push(method)
    for (const listener of listeners) listener(method)
  }
  const wallet: WcWallet = {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    requests,
    onRequest(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    pair: async (pasted) => {
      calls.push(`pair ${pasted}`)
    },
    setReject: (reject) => {
      calls.push(`setReject ${reject}`)
    },
    disconnectAll: async () => {
      calls.push('disconnectAll')
    },
    sessionCount: () => 0,
    stop: async () => undefined,
  }
  return { wallet, request, calls }
}

describe('attachWcWalletConsole', () => {
  it('drives the wallet from the lines typed and reports the requests it answers', async () => {
    const { wallet, request, calls } = fakeWallet()
    const input = new PassThrough()
    const log: string[] = []
    const console_ = attachWcWalletConsole(wallet, { input, log: (line) => log.push(line) })

    input.write(`${uri}\n`)
    await vi.waitFor(() => expect(log).toContain('paired; approving the proposal'))
    request('personal_sign')
    await vi.waitFor(() => expect(log).toContain('request personal_sign'))

    input.write('reject\nwhat\n')
    await vi.waitFor(() => expect(log).toContain(wcWalletHelp))
    request('eth_sendTransaction')
    await vi.waitFor(() => expect(log).toContain('request eth_sendTransaction'))

    input.write('disconnect\n')
    await vi.waitFor(() => expect(log).toContain('disconnected every session'))
    expect(calls).toEqual([`pair ${uri}`, 'setReject true', 'disconnectAll'])
    expect(log.filter((line) => line.startsWith('request '))).toHaveLength(2)

    console_.close()
    input.write('approve\n')
    request('personal_sign')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls, 'a closed console reads nothing more').not.toContain('setReject false')
    expect(
      log.filter((line) => line.startsWith('request ')),
      'nor reports',
    ).toHaveLength(2)
  })

  it('answers a farcaster:// URI with the Farcaster client, and says why it failed', async () => {
    const { wallet, calls } = fakeWallet()
    const input = new PassThrough()
    const log: string[] = []
    const signedIn: string[] = []
    const console_ = attachWcWalletConsole(wallet, {
      input,
      log: (line) => log.push(line),
      farcaster: async (code) => {
        if (code.includes('expired')) throw new Error('Unknown or expired channel token')
        signedIn.push(code)
        return 'approved as @alice'
      },
    })
    input.write('farcaster://connect?channelToken=one\nfarcaster://connect?channelToken=expired\n')
    await vi.waitFor(() => expect(log).toContain('approved as @alice'))
    await vi.waitFor(() =>
      expect(log).toContain('Farcaster sign-in failed: Unknown or expired channel token'),
    )
    expect(signedIn).toEqual(['farcaster://connect?channelToken=one'])
    expect(calls, 'the WalletConnect wallet is not asked').toEqual([])
    console_.close()
  })

  it('says why a pairing failed instead of throwing', async () => {
    const { wallet } = fakeWallet()
    wallet.pair = async () => {
      throw new Error('Pairing already exists')
    }
    const input = new PassThrough()
    const log: string[] = []
    const console_ = attachWcWalletConsole(wallet, { input, log: (line) => log.push(line) })
    input.write(`${uri}\n`)
    await vi.waitFor(() => expect(log).toContain('pairing failed: Pairing already exists'))
    console_.close()
  })
})
