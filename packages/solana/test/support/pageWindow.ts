/**
 * A page's `window` for the Wallet Standard, without happy-dom's global registrator (it replaces globals
 * @solana/kit relies on): only `window` and `Event` are set. Import this module before anything that loads
 * `@wallet-standard/*` — their event classes extend the global `Event` when they are evaluated.
 */
import { Window } from 'happy-dom'
import { afterAll } from 'vitest'

const page = new Window({ url: 'http://127.0.0.1:5173/' })
Object.assign(globalThis, { window: page, Event: page.Event })

afterAll(() => page.happyDOM.close())
