// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { trapTab } from './trapTab.ts'

function dialogWith(html: string) {
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const byText = (text: string) =>
    [...container.querySelectorAll<HTMLElement>('button, a, input')].find(
      (element) => element.textContent === text || element.getAttribute('aria-label') === text,
    )!
  const press = (shiftKey = false, key = 'Tab') => {
    const event = new KeyboardEvent('keydown', { key, shiftKey, cancelable: true, bubbles: true })
    const moved = trapTab(event, container)
    return { moved, prevented: event.defaultPrevented }
  }
  return { container, byText, press }
}

afterEach(() => {
  document.body.replaceChildren()
})

describe('trapTab', () => {
  const controls = `
    <button aria-label="Close">x</button>
    <a href="#x">Explorer</a>
    <input aria-label="Search" />
    <button>Disconnect</button>
    <button disabled>Busy</button>
    <div hidden><button>Hidden</button></div>`

  it('wraps Tab from the last control to the first', () => {
    const { byText, press } = dialogWith(controls)
    byText('Disconnect').focus()

    expect(press()).toEqual({ moved: true, prevented: true })
    expect(document.activeElement).toBe(byText('Close'))
  })

  it('wraps Shift+Tab from the first control to the last enabled, visible one', () => {
    const { byText, press } = dialogWith(controls)
    byText('Close').focus()

    expect(press(true)).toEqual({ moved: true, prevented: true })
    expect(document.activeElement).toBe(byText('Disconnect'))
  })

  it('sends Shift+Tab from the dialog itself to the last control', () => {
    const { container, byText, press } = dialogWith(controls)
    container.tabIndex = -1
    container.focus()

    expect(press(true).moved).toBe(true)
    expect(document.activeElement).toBe(byText('Disconnect'))
  })

  it('leaves Tab between inner controls to the browser', () => {
    const { byText, press } = dialogWith(controls)
    byText('Explorer').focus()

    expect(press()).toEqual({ moved: false, prevented: false })
    expect(press(true)).toEqual({ moved: false, prevented: false })
    expect(document.activeElement).toBe(byText('Explorer'))
  })

  it('ignores other keys and a dialog with nothing to focus', () => {
    const { byText, press } = dialogWith(controls)
    byText('Disconnect').focus()
    expect(press(false, 'Enter').moved).toBe(false)

    expect(dialogWith('<p>Nothing here</p>').press().moved).toBe(false)
  })
})
