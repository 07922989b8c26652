#!/usr/bin/env -S npx tsx
// `latch-mail`: the development mail catcher on 127.0.0.1:MAIL_PORT (default 2525). The Latch server's SMTP_URL
// points at it under `npm start`; every login code and device link it receives is printed here. Nothing is
// delivered anywhere. Ctrl-C stops it.
import { startMailCatcher } from './mailCatcher.ts'
import { mailLine } from './mailLine.ts'

const port = process.env.MAIL_PORT ? Number(process.env.MAIL_PORT) : 2525
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`latch-mail: MAIL_PORT must be a port number, not ${process.env.MAIL_PORT}`)
  process.exit(2)
}

const catcher = await startMailCatcher({ port, onMail: (mail) => console.log(mailLine(mail)) })
console.log(`mail: ${catcher.url}`)

let stopping = false
async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  await catcher.close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
