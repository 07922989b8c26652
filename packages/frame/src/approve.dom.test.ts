// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest'
import { askApproval, cancelApproval } from './approve.ts'
import { screenTaken as approvalOpen } from './screen.ts'

const approval = { title: 'Signature request', origin: 'https://dapp.example', fields: [], body: 'Hello' }
const page = () => ({ show: vi.fn(), hide: vi.fn() })

afterEach(() => {
  cancelApproval()
})

test('Escape declines the approval on screen, as Reject does, and hides the frame', async () => {
  const shown = page()
  const choice = askApproval(approval, shown)
  expect(shown.show).toHaveBeenCalledOnce()
  expect(approvalOpen()).toBe(true)
  document.querySelector('h1')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
  expect(await choice).toBe(false)
  expect(shown.hide).toHaveBeenCalledOnce()
  expect(approvalOpen()).toBe(false)
  expect(document.body.children).toHaveLength(0)
})

test('the page stopping to show the approval declines it; with none on screen, cancelling does nothing', async () => {
  cancelApproval()
  expect(approvalOpen()).toBe(false)
  const choice = askApproval(approval, page())
  cancelApproval()
  expect(await choice).toBe(false)
  expect(approvalOpen()).toBe(false)
  expect(document.body.children).toHaveLength(0)
})

test('other keys do nothing: the approval waits for a choice', async () => {
  let settled = false
  const choice = askApproval(approval, page()).then((approved) => {
    settled = true
    return approved
  })
  document.querySelector('h1')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
  await new Promise((resolve) => setTimeout(resolve, 10))
  expect(settled).toBe(false)
  document.querySelector<HTMLButtonElement>('button:not(.primary)')?.click()
  expect(await choice).toBe(false)
})

test('one thing on the screen at a time: a second approval is refused (-32002), never drawn over the first', async () => {
  const first = askApproval(approval, page())
  expect(() => askApproval({ ...approval, title: 'Swapped' }, page())).toThrow(
    'Another request is waiting for your approval in the wallet',
  )
  expect(document.querySelector('h1')?.textContent).toBe('Signature request')
  cancelApproval()
  expect(await first).toBe(false)
})
