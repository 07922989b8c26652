// @vitest-environment happy-dom
import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { findView, renderWithClient } from '../../test/renderWithClient.tsx'
import { darkTheme, lightTheme, type Theme, themeFor } from './theme.ts'

/** Every key of the Theme contract; `satisfies` fails to compile if this and the interface drift apart. */
const contractKeys = Object.keys({
  '--latch-font-family': true,
  '--latch-font-size-master': true,
  '--latch-border-radius-master': true,
  '--latch-z-index': true,
  '--latch-modal-width': true,
  '--latch-accent': true,
  '--latch-accent-foreground': true,
  '--latch-background': true,
  '--latch-surface': true,
  '--latch-surface-hover': true,
  '--latch-border': true,
  '--latch-foreground': true,
  '--latch-foreground-muted': true,
  '--latch-success': true,
  '--latch-error': true,
  '--latch-backdrop': true,
  '--latch-focus-ring': true,
} satisfies Record<keyof Theme, true>).sort()

describe('themeFor', () => {
  it.each(['dark', 'light'] as const)(
    'gives a value for every key of the Theme contract in %s mode',
    (mode) => {
      const theme = themeFor(mode)

      expect(Object.keys(theme).sort()).toEqual(contractKeys)
      for (const value of Object.values(theme)) expect(value).toMatch(/\S/)
    },
  )

  it('returns the dark and light themes for their modes', () => {
    expect(themeFor('dark')).toEqual(darkTheme())
    expect(themeFor('light')).toEqual(lightTheme())
    expect(themeFor('light')['--latch-background']).not.toBe(themeFor('dark')['--latch-background'])
  })

  it.each(['dark', 'light'] as const)('keeps the sizes of SPEC §2 in %s mode', (mode) => {
    expect(themeFor(mode)).toMatchObject({
      '--latch-modal-width': '360px',
      '--latch-font-size-master': '10px',
      '--latch-border-radius-master': '4px',
      '--latch-z-index': '999',
    })
  })

  it('lets themeVariables win over the mode, and leaves the other keys alone', () => {
    const theme = themeFor('light', { '--latch-accent': '#ff00aa', '--latch-border-radius-master': '0px' })

    expect(theme['--latch-accent']).toBe('#ff00aa')
    expect(theme['--latch-border-radius-master']).toBe('0px')
    expect(theme['--latch-background']).toBe(lightTheme()['--latch-background'])
  })

  it('ignores an override left undefined', () => {
    expect(themeFor('dark', { '--latch-accent': undefined })['--latch-accent']).toBe(
      darkTheme()['--latch-accent'],
    )
  })
})

describe('the modal theme', () => {
  const property = (element: HTMLElement, name: keyof Theme) => element.style.getPropertyValue(name)

  it('sets every --latch-* property on the dialog, dark by default (SPEC §1)', async () => {
    const { open } = await renderWithClient(null)
    await open()

    const dialog = await findView('Connect Wallet')

    for (const [name, value] of Object.entries(darkTheme())) {
      expect(property(dialog, name as keyof Theme)).toBe(value)
    }
  })

  it('starts from themeMode and applies themeVariables over it', async () => {
    const { open } = await renderWithClient(null, {
      themeMode: 'light',
      themeVariables: { '--latch-accent': '#ff00aa' },
    })
    await open()

    const dialog = await findView('Connect Wallet')

    expect(property(dialog, '--latch-background')).toBe(lightTheme()['--latch-background'])
    expect(property(dialog, '--latch-accent')).toBe('#ff00aa')
  })

  it('switches with client.setThemeMode, keeping the overrides', async () => {
    const { client, open } = await renderWithClient(null, { themeVariables: { '--latch-accent': '#ff00aa' } })
    await open()
    const dialog = await findView('Connect Wallet')

    act(() => client.setThemeMode('light'))

    expect(property(dialog, '--latch-background')).toBe(lightTheme()['--latch-background'])
    expect(property(dialog, '--latch-foreground')).toBe(lightTheme()['--latch-foreground'])
    expect(property(dialog, '--latch-accent')).toBe('#ff00aa')

    act(() => client.setThemeMode('dark'))

    expect(property(dialog, '--latch-background')).toBe(darkTheme()['--latch-background'])
  })

  it("follows the theme store's variables when they change", async () => {
    const { client, open } = await renderWithClient(null)
    await open()
    const dialog = await findView('Connect Wallet')

    act(() => client.theme.setState({ variables: { '--latch-accent': '#00ffaa' } }))

    expect(property(dialog, '--latch-accent')).toBe('#00ffaa')
  })
})
