// The wallet's own window, for a frame the browser gives no storage (another site's page embeds it, and third-party
// storage is blocked): a window of the wallet's origin has that origin's storage. The frame asks the visitor to open
// it (a window opens only on a click in the frame itself); the window hands the frame what this device keeps, keeps
// what the frame writes while the login runs, and closes once the frame says the login is done, or its page is gone.
import { FRAME_PROTOCOL } from '@latch/core/frame'
import { Refusal, rejected } from './refusal.ts'
import type { PageContext } from './requests.ts'
import { freeScreen, takeScreen } from './screen.ts'
import { borrow, run, sessionKey, write } from './store.ts'

/**
 * What the window posts its opener (the frame) once: what this device keeps for it, or (`entries` absent) that even
 * the window has no storage.
 */
interface VaultEntries {
  protocol: typeof FRAME_PROTOCOL
  type: 'vault'
  entries?: [string, unknown][]
}

const isEntries = (data: unknown): data is VaultEntries => {
  const message = data as Partial<VaultEntries> | null
  return message?.protocol === FRAME_PROTOCOL && message.type === 'vault'
}

/**
 * What this device keeps for a frame serving `parent` (read in the window, which has this origin's storage, in one
 * pass): its secret and shares, and the session of that page's logins only — another app's is not handed over.
 */
async function readAll(parent: string): Promise<[string, unknown][]> {
  const entries: [string, unknown][] = []
  await run('readonly', (store) => {
    const cursor = store.openCursor()
    cursor.onsuccess = () => {
      const at = cursor.result
      if (!at) return
      const key = String(at.key)
      if (!key.startsWith('session:') || key === sessionKey(parent)) entries.push([key, at.value])
      at.continue()
    }
    return cursor
  })
  return entries
}

/** The form nobody answers is closed after this long, as an approval is. */
const ASK_MS = 5 * 60_000

/** Closes the question on screen as Cancel would (the page stopped showing it). */
export let cancelVault = () => {}

/** An element of `tag` with `text`, and `className` when given. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, text = '', className = '') {
  const made = document.createElement(tag)
  made.textContent = text
  if (className) made.className = className
  return made
}

/**
 * On the frame's screen (in the modal): why the wallet's window is needed, and the button that opens it. Resolves once
 * the window has handed over what this device keeps; rejects with 4001 on Cancel or Escape, after 5 minutes, or when
 * the page stops showing it.
 */
export function openVault(page: PageContext, withdrawn: () => boolean): Promise<void> {
  if (withdrawn()) return Promise.reject(rejected())
  takeScreen()
  const section = element('section', '', 'approval')
  section.setAttribute('aria-labelledby', 'vault-title')
  const title = element('h1', 'Continue in your wallet’s window')
  title.id = 'vault-title'
  title.tabIndex = -1
  const about = element(
    'p',
    `This browser keeps your wallet (${location.host}) from remembering you on ${new URL(page.origin).host}. ` +
      'It opens in a window of its own for the time of your login, then closes by itself.',
  )
  const problem = element('p', '', 'problem')
  problem.setAttribute('role', 'alert')
  const actions = element('div', '', 'actions')
  const cancel = element('button', 'Cancel')
  cancel.type = 'button'
  const go = element('button', 'Open wallet window', 'primary')
  go.type = 'button'
  actions.append(cancel, go)
  section.append(title, about, problem, actions)
  document.body.replaceChildren(section)
  page.show()
  title.focus()

  return new Promise((resolve, reject) => {
    let opened: Window | null = null
    const done = (error?: unknown) => {
      cancelVault = () => {}
      clearTimeout(deadline)
      clearInterval(watch)
      window.removeEventListener('message', onMessage)
      document.removeEventListener('keydown', onKey)
      document.body.replaceChildren()
      freeScreen()
      page.hide()
      if (error) reject(error)
      else resolve()
    }
    const stop = () => done(rejected())
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') stop()
    }
    const onMessage = (event: MessageEvent) => {
      if (!opened || event.source !== opened || event.origin !== location.origin || !isEntries(event.data))
        return
      if (event.data.entries) {
        borrow(event.data.entries, opened)
        done()
      } else
        done(
          new Refusal({
            code: -32000,
            message:
              'This browser gives your wallet no storage, even in its own window: allow site data for it',
            data: { reason: 'no-storage' },
          }),
        )
    }
    // The window closed before it handed anything over: say so, and offer it again.
    const watch = setInterval(() => {
      if (opened?.closed) {
        opened = null
        problem.textContent = 'The window closed before your wallet was ready. Open it again to continue.'
      }
    }, 500)
    const deadline = setTimeout(stop, ASK_MS)
    cancelVault = stop
    document.addEventListener('keydown', onKey)
    window.addEventListener('message', onMessage)
    cancel.addEventListener('click', stop)
    go.addEventListener('click', () => {
      const url = new URL(location.href)
      url.searchParams.set('window', '1')
      opened = window.open(url.href, 'latch-wallet', 'popup,width=440,height=520')
      problem.textContent = opened
        ? 'Waiting for your wallet’s window…'
        : `Your browser blocked the window: allow pop-ups for ${page.origin}, then try again.`
    })
  })
}

/**
 * The window's side (this page opened as `…&window=1`): hands its opener, the frame of the same origin, what this
 * device keeps; keeps what the frame writes, in order; closes once told, or once the frame's page is gone.
 */
export async function serveVault(parent: string): Promise<void> {
  const opener = window.opener as Window | null
  const title = element('h1', 'Your wallet')
  const about = element(
    'p',
    `Keeping you logged in to your wallet for ${parent}. This window closes by itself.`,
  )
  const section = element('section', '', 'approval')
  section.append(title, about)
  document.body.replaceChildren(section)
  if (!opener) {
    about.textContent = 'Open this window from the app you are logging in to.'
    return
  }
  let kept = Promise.resolve()
  const finish = () => void kept.then(() => window.close())
  window.addEventListener('message', (event) => {
    if (event.source !== opener || event.origin !== location.origin) return
    const data = event.data as { type?: unknown; key?: unknown; value?: unknown } | null
    // A write of `undefined` removes the key.
    if (data?.type === 'vault-write') kept = kept.then(() => write(String(data.key), data.value))
    else if (data?.type === 'vault-close') finish()
    kept = kept.catch(() => undefined)
  })
  setInterval(() => {
    if (opener.closed) finish()
  }, 1000)
  const entries = await readAll(parent).catch(() => undefined)
  if (!entries) about.textContent = 'This browser gives your wallet no storage, even in its own window.'
  opener.postMessage(
    { protocol: FRAME_PROTOCOL, type: 'vault', entries } satisfies VaultEntries,
    location.origin,
  )
}
