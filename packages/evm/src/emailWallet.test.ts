import {
  createStore,
  type EmailLoginState,
  type FrameSession,
  type FrameUser,
  SwitchChainError,
  UnauthorizedError,
  UserRejectedRequestError,
} from '@latch/core'
import { describe, expect, it, vi } from 'vitest'
import { createEvmAdapter } from './adapter.ts'
import { createEmailWallet, EMAIL_CONNECTOR_ID } from './emailWallet.ts'
import { devnetNetwork } from './networks.ts'
import { requestWallet } from './provider.ts'

const devnetA = devnetNetwork(31337, 'http://127.0.0.1:8545', 'Latch Devnet A')
const devnetB = devnetNetwork(31338, 'http://127.0.0.1:8546', 'Latch Devnet B')
const user: FrameUser = {
  id: 'u1',
  email: 'ada@example.com',
  socialProvider: null,
  username: null,
  address: '0xabc0000000000000000000000000000000000001',
  accountType: 'eoa',
}

/** A frame session that answers as the frame would; `refuse` makes rpc fail as the frame's channel does. */
function fakeSession(options: { signedIn?: boolean; refuse?: { code: number; message: string } } = {}) {
  let signedIn = options.signedIn ?? true
  const session = {
    login: createStore<EmailLoginState>({} as EmailLoginState),
    account: vi.fn(async () => (signedIn ? user : undefined)),
    signOut: vi.fn(async () => {
      signedIn = false
    }),
    rpc: vi.fn(async (method: string) => {
      if (options.refuse)
        throw Object.assign(new Error(options.refuse.message), {
          name: 'FrameRequestError',
          shortMessage: options.refuse.message,
          code: options.refuse.code,
        })
      return `${method}-answer`
    }),
  }
  return session as unknown as FrameSession & typeof session
}

const ask = (wallet: ReturnType<typeof createEmailWallet>, method: string, params?: readonly unknown[]) =>
  requestWallet(wallet.provider, { method, params, timeoutMs: 1000 })

describe('the way back from Telegram’s login page', () => {
  it('hands the frame the proof in the fragment, once, and takes it out of the address bar', async () => {
    const replaced: string[] = []
    vi.stubGlobal('location', {
      hash: '#latch-telegram=3f1c0f2e-7a52-4c55-9d0e-0c3f5d1e2a10.AbC_dEf-123',
      pathname: '/shop',
      search: '?item=1',
    })
    vi.stubGlobal('history', {
      state: null,
      replaceState: (_: unknown, __: string, url: string) => replaced.push(url),
    })
    try {
      const session = Object.assign(fakeSession(), {
        request: vi.fn(async () => {
          // The proof is traded before the accounts are read.
          expect(session.account).not.toHaveBeenCalled()
          return user
        }),
      })
      const wallet = createEmailWallet(async () => session, [devnetA])
      expect(await ask(wallet, 'eth_accounts')).toEqual([user.address])
      expect(session.request).toHaveBeenCalledWith('completeTelegram', {
        login: '3f1c0f2e-7a52-4c55-9d0e-0c3f5d1e2a10',
        proof: 'AbC_dEf-123',
      })
      expect(replaced).toEqual(['/shop?item=1'])
      // Without the fragment, nothing more is handed over.
      vi.stubGlobal('location', { hash: '', pathname: '/shop', search: '?item=1' })
      await ask(wallet, 'eth_accounts')
      expect(session.request).toHaveBeenCalledTimes(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('the embedded wallet as an EIP-1193 provider', () => {
  it('is the AUTH connector of eip155, named Email', () => {
    const wallet = createEmailWallet(async () => fakeSession(), [devnetA])
    expect(wallet).toMatchObject({ id: EMAIL_CONNECTOR_ID, name: 'Email', type: 'AUTH', chain: 'eip155' })
  })

  it("answers the frame account's address, and 4100 when the frame holds no session", async () => {
    expect(
      await ask(
        createEmailWallet(async () => fakeSession(), [devnetA]),
        'eth_requestAccounts',
      ),
    ).toEqual([user.address])
    const signedOut = createEmailWallet(async () => fakeSession({ signedIn: false }), [devnetA])
    await expect(ask(signedOut, 'eth_accounts')).rejects.toBeInstanceOf(UnauthorizedError)
  })

  it("is on the app's first network, switches among the app's networks only, and says so to listeners", async () => {
    const wallet = createEmailWallet(async () => fakeSession(), [devnetA, devnetB])
    expect(await ask(wallet, 'eth_chainId')).toBe('0x7a69')
    const changed = vi.fn()
    wallet.provider.on?.('chainChanged', changed)
    await ask(wallet, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    expect(await ask(wallet, 'eth_chainId')).toBe('0x7a6a')
    expect(changed).toHaveBeenCalledWith('0x7a6a')
    await ask(wallet, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    expect(changed).toHaveBeenCalledOnce()
    await expect(ask(wallet, 'wallet_switchEthereumChain', [{ chainId: '0x1' }])).rejects.toBeInstanceOf(
      SwitchChainError,
    )
    wallet.provider.removeListener?.('chainChanged', changed)
    await ask(wallet, 'wallet_switchEthereumChain', [{ chainId: '0x7a69' }])
    expect(changed).toHaveBeenCalledOnce()
  })

  it('comes back on the network the page last switched it to (a reload); a disconnect forgets it', async () => {
    const kept = new Map<string, string>()
    const storage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    }
    const first = createEmailWallet(async () => fakeSession(), [devnetA, devnetB], storage)
    await ask(first, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    const reloaded = createEmailWallet(async () => fakeSession(), [devnetA, devnetB], storage)
    expect(await ask(reloaded, 'eth_chainId')).toBe('0x7a6a')
    // A network the app no longer offers is not kept.
    expect(
      await ask(
        createEmailWallet(async () => fakeSession(), [devnetA], storage),
        'eth_chainId',
      ),
    ).toBe('0x7a69')
    await ask(reloaded, 'wallet_revokePermissions', [{ eth_accounts: {} }])
    expect(
      await ask(
        createEmailWallet(async () => fakeSession(), [devnetA, devnetB], storage),
        'eth_chainId',
      ),
    ).toBe('0x7a69')
  })

  it('disconnecting signs out of the frame', async () => {
    const session = fakeSession()
    await ask(
      createEmailWallet(async () => session, [devnetA]),
      'wallet_revokePermissions',
      [{ eth_accounts: {} }],
    )
    expect(session.signOut).toHaveBeenCalledOnce()
  })

  it("passes everything else to the frame, on the page's chain, and types the frame's refusal by its code", async () => {
    const session = fakeSession()
    const wallet = createEmailWallet(async () => session, [devnetA, devnetB])
    expect(await ask(wallet, 'personal_sign', ['0x68656c6c6f', user.address])).toBe('personal_sign-answer')
    expect(session.rpc).toHaveBeenCalledWith('personal_sign', ['0x68656c6c6f', user.address], 31337)
    await ask(wallet, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    await ask(wallet, 'eth_getBalance', [user.address, 'latest'])
    expect(session.rpc).toHaveBeenLastCalledWith('eth_getBalance', [user.address, 'latest'], 31338)

    const declined = createEmailWallet(
      async () => fakeSession({ refuse: { code: 4001, message: 'User rejected the request' } }),
      [devnetA],
    )
    const error = await ask(declined, 'personal_sign', ['0x00', user.address]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect((error as UserRejectedRequestError).details).toBe('User rejected the request')
  })
})

describe('the EVM adapter with e-mail login', () => {
  it('lists the Email connector only when the app offers the embedded wallet', () => {
    const ids = (frame?: () => Promise<FrameSession>) => {
      const lists: string[][] = []
      createEvmAdapter({ networks: [devnetA], frame }).watchConnectors((list) =>
        lists.push(list.map((c) => `${c.type}:${c.id}`)),
      )()
      return lists.at(-1)
    }
    expect(ids(async () => fakeSession())).toContain(`AUTH:${EMAIL_CONNECTOR_ID}`)
    expect(ids()).not.toContain(`AUTH:${EMAIL_CONNECTOR_ID}`)
  })

  it("connects the frame's account on the page's network, and signs out on disconnect", async () => {
    const session = fakeSession()
    const adapter = createEvmAdapter({ networks: [devnetA, devnetB], frame: async () => session })
    expect(await adapter.connect({ connectorId: EMAIL_CONNECTOR_ID, network: devnetB })).toEqual({
      accounts: [user.address],
      chainId: 31338,
    })
    expect(await adapter.reconnect({ connectorId: EMAIL_CONNECTOR_ID })).toEqual({
      accounts: [user.address],
      chainId: 31338,
    })
    await adapter.disconnect({ connectorId: EMAIL_CONNECTOR_ID })
    expect(session.signOut).toHaveBeenCalledOnce()
    expect(await adapter.reconnect({ connectorId: EMAIL_CONNECTOR_ID })).toBeUndefined()
  })
})

describe('a switch of account type (issue 24)', () => {
  it('is the wallet’s accountsChanged, with the account the frame now uses; signing out is not', async () => {
    const session = fakeSession()
    session.login.setState({ user })
    const wallet = createEmailWallet(async () => session, [devnetA])
    const changed: unknown[] = []
    wallet.provider.on?.('accountsChanged', (accounts) => changed.push(accounts))
    expect(await ask(wallet, 'eth_accounts')).toEqual([user.address])

    const safe = '0x6A9298007f92893739cbD340402862288eB2787C'
    session.login.setState({ user: { ...user, address: safe, accountType: 'smartAccount' } })
    expect(changed).toEqual([[safe]])
    // The same account told again, or signed out: nothing changed for the page.
    session.login.setState({ user: { ...user, address: safe, accountType: 'smartAccount' } })
    session.login.setState({ user: undefined })
    expect(changed).toEqual([[safe]])
  })
})
