import type { ThemeMode, ThemeVariables } from '@latch/core'

/** Every themable value of the modal, as a named `--latch-*` custom property (the theme contract). */
export interface Theme {
  '--latch-font-family': string
  /** The master font size; every other size is a multiple of it (SPEC §2: 10px). */
  '--latch-font-size-master': string
  /** The master border radius; every other radius is a multiple of it (SPEC §2: 4px). */
  '--latch-border-radius-master': string
  '--latch-z-index': string
  '--latch-modal-width': string
  '--latch-accent': string
  '--latch-accent-foreground': string
  '--latch-background': string
  '--latch-surface': string
  '--latch-surface-hover': string
  '--latch-border': string
  '--latch-foreground': string
  '--latch-foreground-muted': string
  '--latch-success': string
  '--latch-error': string
  '--latch-backdrop': string
  '--latch-focus-ring': string
}

const base = {
  '--latch-font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  '--latch-font-size-master': '10px',
  '--latch-border-radius-master': '4px',
  '--latch-z-index': '999',
  '--latch-modal-width': '360px',
} as const

/**
 * The default theme (SPEC §1: dark).
 *
 * @example
 * darkTheme()['--latch-accent'] // '#7c8cff'
 */
export function darkTheme(): Theme {
  return {
    ...base,
    '--latch-accent': '#8b99ff',
    '--latch-accent-foreground': '#0b0d17',
    '--latch-background': '#14161c',
    '--latch-surface': '#1f222b',
    '--latch-surface-hover': '#2a2e3a',
    '--latch-border': '#323644',
    '--latch-foreground': '#f2f3f7',
    '--latch-foreground-muted': '#a4a9b8',
    '--latch-success': '#4ade80',
    '--latch-error': '#ff8a8a',
    '--latch-backdrop': 'rgba(0, 0, 0, 0.6)',
    '--latch-focus-ring': '#b3bcff',
  }
}

/**
 * @example
 * lightTheme()['--latch-background'] // '#ffffff'
 */
export function lightTheme(): Theme {
  return {
    ...base,
    '--latch-accent': '#3644c9',
    '--latch-accent-foreground': '#ffffff',
    '--latch-background': '#ffffff',
    '--latch-surface': '#f2f3f7',
    '--latch-surface-hover': '#e4e6ee',
    '--latch-border': '#d5d8e2',
    '--latch-foreground': '#14161c',
    '--latch-foreground-muted': '#4f5566',
    '--latch-success': '#166534',
    '--latch-error': '#b42318',
    '--latch-backdrop': 'rgba(20, 22, 28, 0.45)',
    '--latch-focus-ring': '#3644c9',
  }
}

export function themeFor(mode: ThemeMode, overrides: ThemeVariables = {}): Record<string, string> {
  const theme: Record<string, string> = { ...(mode === 'light' ? lightTheme() : darkTheme()) }
  for (const [key, value] of Object.entries(overrides)) if (value !== undefined) theme[key] = value
  return theme
}

/**
 * Sets theme variables on an element through the CSSOM, which strict CSP allows (no inline style
 * attribute is written; DESIGN.md rule 9).
 */
export function applyTheme(element: HTMLElement, theme: Record<string, string>): void {
  for (const [key, value] of Object.entries(theme)) element.style.setProperty(key, value)
}
