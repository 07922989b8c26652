import { createHash } from 'node:crypto'

/** What is stored of a bearer token or a link's token: its sha-256, hex (the token itself never is). */
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')
