import { createTransport } from 'nodemailer'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { codeOf, deviceLinkOf, type MailCatcher, startMailCatcher } from './mailCatcher.ts'
import { mailLine } from './mailLine.ts'

let catcher: MailCatcher
const printed: string[] = []
beforeAll(async () => {
  catcher = await startMailCatcher({ port: 0, keep: 3, onMail: (mail) => printed.push(mailLine(mail)) })
})
afterAll(() => catcher.close())

const send = async (to: string, subject: string, text: string) => {
  const transport = createTransport({ url: catcher.url })
  await transport.sendMail({ from: 'Latch <login@latch.test>', to, subject, text })
  transport.close()
}

test('keeps the last messages, finds the next one to an address, and tells onMail', async () => {
  const since = new Date()
  const waiting = catcher.waitFor('Bob@Example.com', { since })
  await send('alice@example.com', '111111 is your login code', 'Your login code is 111111.')
  await send(
    'bob@example.com',
    'Approve a new device',
    'Approve this device: http://127.0.0.1:8789/v1/auth/device?token=abc_-1',
  )
  const mail = await waiting
  expect(mail).toMatchObject({
    from: 'login@latch.test',
    to: ['bob@example.com'],
    subject: 'Approve a new device',
  })
  expect(deviceLinkOf(mail)).toBe('http://127.0.0.1:8789/v1/auth/device?token=abc_-1')
  expect(() => codeOf(mail)).toThrow('The mail "Approve a new device" carries no code')
  expect(codeOf(await catcher.waitFor('alice@example.com', { since }))).toBe('111111')
  expect(printed).toEqual([
    'mail to alice@example.com: 111111 is your login code',
    'mail to bob@example.com: Approve a new device (http://127.0.0.1:8789/v1/auth/device?token=abc_-1)',
  ])
  await send('carol@example.com', 'c', 'c')
  await send('dave@example.com', 'd', 'd')
  expect(catcher.messages().map((kept) => kept.to[0])).toEqual([
    'bob@example.com',
    'carol@example.com',
    'dave@example.com',
  ])
})

test('waiting for a mail that never comes rejects naming the address', async () => {
  await expect(catcher.waitFor('nobody@example.com', { timeoutMs: 50 })).rejects.toThrow(
    'No mail to nobody@example.com within 50 ms',
  )
})
