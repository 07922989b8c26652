// @vitest-environment happy-dom
import {
  type Address,
  createPublicClient,
  http,
  parseEther,
  stringToHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { anvilAddresses } from '../accounts.ts'
import { type AnvilInstance, startAnvil } from '../anvil.ts'
import { type DevWallet, type InstallDevWalletParameters, installDevWallet } from './index.ts'

const chains = [
  { chainId: 31337, name: 'Latch Devnet A', rpcUrl: 'http://127.0.0.1:1' },
  { chainId: 31338, name: 'Latch Devnet B', rpcUrl: 'http://127.0.0.1:2' },
  { chainId: 31339, name: 'Unsupported Devnet' },
]

let installed: DevWallet[] = []
const install = (parameters: Partial<InstallDevWalletParameters> = {}) => {
  const wallet = installDevWallet({ chains, ...parameters })
  installed.push(wallet)
  return wallet
}

const prompt = () => document.querySelector<HTMLDialogElement>('[data-testid="devwallet-prompt"]')
const waitForPrompt = () =>
  vi.waitFor(() => {
    const dialog = prompt()
    if (!dialog?.open) throw new Error('no open prompt')
    return dialog
  })
const buttonNamed = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent === name)!
const headingOf = (dialog: HTMLDialogElement) =>
  document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent

/** Answers the next prompt and returns its heading. */
async function answerPrompt(answer: 'Approve' | 'Reject'): Promise<string | null | undefined> {
  const dialog = await waitForPrompt()
  const heading = headingOf(dialog)
  buttonNamed(dialog, answer).click()
  return heading
}

async function connected(wallet: DevWallet): Promise<Address> {
  wallet.setAutoApprove(true)
  const [address] = (await wallet.provider.request({ method: 'eth_requestAccounts' })) as Address[]
  wallet.setAutoApprove(false)
  return address!
}

beforeEach(() => {
  localStorage.clear()
})
afterEach(() => {
  for (const wallet of installed) wallet.destroy()
  installed = []
})

describe('EIP-6963', () => {
  it('announces on install and on every eip6963:requestProvider', () => {
    const announced: CustomEvent[] = []
    const onAnnounce = (event: Event) => announced.push(event as CustomEvent)
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    const wallet = install()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    window.removeEventListener('eip6963:announceProvider', onAnnounce)

    expect(announced).toHaveLength(2)
    const { detail } = announced[1]!
    expect(Object.isFrozen(detail)).toBe(true)
    expect(detail.provider).toBe(wallet.provider)
    expect(detail.info).toMatchObject({ name: 'Latch Dev Wallet', rdns: 'dev.latch.wallet' })
    expect(detail.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(detail.info.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(atob(detail.info.icon.split(',')[1])).toContain('<svg')
  })

  it('stops announcing once destroyed', () => {
    const wallet = install()
    wallet.destroy()
    const onAnnounce = vi.fn()
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    window.removeEventListener('eip6963:announceProvider', onAnnounce)
    expect(onAnnounce).not.toHaveBeenCalled()
    expect(document.querySelector('[data-testid="devwallet-panel"]')).toBeNull()
  })
})

describe('accounts', () => {
  it('connects without a prompt when auto-approve is on', async () => {
    const { provider } = install({ autoApprove: true })
    const onAccounts = vi.fn()
    provider.on('accountsChanged', onAccounts)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([anvilAddresses[0]])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([anvilAddresses[0]])
    expect(onAccounts).toHaveBeenCalledWith([anvilAddresses[0]])
    expect(prompt()).toBeNull()
  })

  it('asks "Connect to <host>?" and connects on Approve', async () => {
    const { provider } = install({ accountIndex: 2 })
    const request = provider.request({ method: 'eth_requestAccounts' })
    expect(await answerPrompt('Approve')).toBe(`Connect to ${location.host}`)
    expect(await request).toEqual([anvilAddresses[2]])
    expect(prompt()).toBeNull()
  })

  it('rejects with code 4001 when the user presses Reject', async () => {
    const { provider } = install()
    const request = provider.request({ method: 'eth_requestAccounts' })
    await answerPrompt('Reject')
    await expect(request).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    await expect(request).rejects.toBeInstanceOf(Error)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('treats closing the prompt (Esc) as a rejection', async () => {
    const { provider } = install()
    const request = provider.request({ method: 'eth_requestAccounts' })
    const dialog = await waitForPrompt()
    dialog.dispatchEvent(new Event('cancel'))
    dialog.close()
    await expect(request).rejects.toMatchObject({ code: 4001 })
  })

  it('keeps the authorisation, account and chain across a reload', async () => {
    const first = install({ accountIndex: 4 })
    await connected(first)
    first.switchChain(31338)
    first.destroy()

    const { provider } = install()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([anvilAddresses[4]])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    // Already authorised: no prompt.
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([anvilAddresses[4]])
  })

  it('revokes: eth_accounts is empty, accountsChanged [] is emitted, and it stays revoked after reload', async () => {
    const wallet = install()
    await connected(wallet)
    const onAccounts = vi.fn()
    wallet.provider.on('accountsChanged', onAccounts)
    expect(
      await wallet.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }),
    ).toBeNull()
    expect(onAccounts).toHaveBeenCalledWith([])
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([])
    wallet.destroy()
    expect(await install().provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('reports permissions', async () => {
    const { provider } = install({ autoApprove: true })
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([])
    const granted = await provider.request({
      method: 'wallet_requestPermissions',
      params: [{ eth_accounts: {} }],
    })
    expect(granted).toEqual([expect.objectContaining({ parentCapability: 'eth_accounts' })])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual(granted)
  })
})

describe('chains', () => {
  it('switches to a known chain and emits chainChanged', async () => {
    const { provider } = install()
    const onChain = vi.fn()
    provider.on('chainChanged', onChain)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(onChain).toHaveBeenCalledWith('0x7a6a')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(await provider.request({ method: 'net_version' })).toBe('31338')
  })

  it('rejects an unknown chain with code 4902', async () => {
    const { provider } = install()
    const request = provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    await expect(request).rejects.toMatchObject({ code: 4902 })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('adds a chain after the "Add network" prompt and switches to it', async () => {
    const { provider } = install()
    const onChain = vi.fn()
    provider.on('chainChanged', onChain)
    const request = provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x2105', chainName: 'Base', rpcUrls: ['https://base.example'] }],
    })
    expect(await answerPrompt('Approve')).toBe('Add network')
    expect(await request).toBeNull()
    expect(onChain).toHaveBeenCalledWith('0x2105')
    expect(await install().provider.request({ method: 'eth_chainId' })).toBe('0x2105')
  })

  it('fails with 4901 for reads on a chain without an RPC URL', async () => {
    const wallet = install()
    wallet.switchChain(31339)
    await expect(wallet.provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({ code: 4901 })
  })
})

describe('signing', () => {
  it('refuses to sign for a site that is not connected (4100)', async () => {
    const { provider } = install({ autoApprove: true })
    await expect(
      provider.request({ method: 'personal_sign', params: [stringToHex('hi'), anvilAddresses[0]] }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('personal_sign shows the decoded message and signs with the selected account', async () => {
    const wallet = install()
    const address = await connected(wallet)
    const message = 'Sign in to Latch\nNonce: 42'
    const request = wallet.provider.request({
      method: 'personal_sign',
      params: [stringToHex(message), address],
    })
    const dialog = await waitForPrompt()
    expect(headingOf(dialog)).toBe('Sign message')
    expect(dialog.querySelector('pre')?.textContent).toBe(message)
    buttonNamed(dialog, 'Approve').click()
    const signature = (await request) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })

  it('does not forward signing methods to the node', async () => {
    const wallet = install()
    const address = await connected(wallet)
    await expect(
      wallet.provider.request({ method: 'eth_sign', params: [address, '0x00'] }),
    ).rejects.toMatchObject({
      code: 4200,
    })
  })

  it('eth_signTypedData_v4 signs JSON typed data', async () => {
    const wallet = install({ autoApprove: true })
    const address = await connected(wallet)
    wallet.setAutoApprove(true)
    const typedData = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Mail',
      message: { to: anvilAddresses[1], amount: '1000000000000000000000' },
    } as const
    const signature = (await wallet.provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })) as `0x${string}`
    const { EIP712Domain: _, ...types } = typedData.types
    expect(
      await verifyTypedData({
        address,
        signature,
        domain: typedData.domain,
        types,
        primaryType: 'Mail',
        message: { to: anvilAddresses[1], amount: 10n ** 21n },
      }),
    ).toBe(true)
  })
  it('rejects typed data for another chain or with bad values as invalid params', async () => {
    const wallet = install({ autoApprove: true })
    const address = await connected(wallet)
    wallet.setAutoApprove(true)
    const typedData = (chainId: number, amount: string) =>
      JSON.stringify({
        domain: { name: 'Latch', chainId },
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'chainId', type: 'uint256' },
          ],
          Mail: [{ name: 'amount', type: 'uint8' }],
        },
        primaryType: 'Mail',
        message: { amount },
      })
    const sign = (data: string) =>
      wallet.provider.request({ method: 'eth_signTypedData_v4', params: [address, data] })
    await expect(sign(typedData(1, '1'))).rejects.toMatchObject({ code: -32602 })
    await expect(sign(typedData(31337, '300'))).rejects.toMatchObject({ code: -32602 })
    await expect(sign(typedData(31337, '3'))).resolves.toMatch(/^0x[0-9a-f]{130}$/)
  })
})

describe('panel', () => {
  it('opens from the "Dev Wallet" button and changes account, network and auto-approve', async () => {
    const wallet = install()
    await connected(wallet)
    const onAccounts = vi.fn()
    const onChain = vi.fn()
    wallet.provider.on('accountsChanged', onAccounts)
    wallet.provider.on('chainChanged', onChain)

    buttonNamed(document, 'Dev Wallet').click()
    const panel = document.querySelector<HTMLDialogElement>('[data-testid="devwallet-panel"]')!
    expect(panel.open).toBe(true)
    expect(headingOf(panel)).toBe('Latch Dev Wallet')

    const [account, network] = panel.querySelectorAll('select')
    account!.value = '3'
    account!.dispatchEvent(new Event('change'))
    expect(onAccounts).toHaveBeenLastCalledWith([anvilAddresses[3]])
    network!.value = '31338'
    network!.dispatchEvent(new Event('change'))
    expect(onChain).toHaveBeenLastCalledWith('0x7a6a')

    const autoApprove = panel.querySelector<HTMLInputElement>('input[type="checkbox"]')!
    autoApprove.click()
    expect(
      await wallet.provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] }),
    ).toHaveLength(1)

    buttonNamed(panel, 'Disconnect this site').click()
    expect(onAccounts).toHaveBeenLastCalledWith([])
    buttonNamed(panel, 'Close').click()
    expect(panel.open).toBe(false)
  })
})

describe('against anvil', () => {
  let anvil: AnvilInstance
  beforeEach(async () => {
    anvil = await startAnvil({ chainId: 31337 })
  })
  afterEach(() => anvil.stop())

  it('sends a signed transaction and forwards reads to the node', async () => {
    const wallet = install({
      chains: [{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl }],
      accountIndex: 1,
    })
    const from = await connected(wallet)
    wallet.setAutoApprove(true)
    const to = anvilAddresses[5]
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const before = await client.getBalance({ address: to })

    const hash = (await wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from, to, value: `0x${parseEther('1.5').toString(16)}` }],
    })) as `0x${string}`
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(before + parseEther('1.5'))

    const forwarded = await wallet.provider.request({ method: 'eth_getBalance', params: [to, 'latest'] })
    expect(BigInt(forwarded as string)).toBe(before + parseEther('1.5'))
  })

  it('shows to and value in the "Send transaction" prompt', async () => {
    const wallet = install({ chains: [{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl }] })
    const from = await connected(wallet)
    const request = wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from, to: anvilAddresses[6], value: '0xde0b6b3a7640000' }],
    })
    const dialog = await waitForPrompt()
    expect(headingOf(dialog)).toBe('Send transaction')
    expect(dialog.textContent).toContain(anvilAddresses[6])
    expect(dialog.textContent).toContain('1 ETH')
    buttonNamed(dialog, 'Reject').click()
    await expect(request).rejects.toMatchObject({ code: 4001 })
  })
})
