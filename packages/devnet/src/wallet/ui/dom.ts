type Style = Partial<Record<Exclude<keyof CSSStyleDeclaration, number>, string>>

export interface ElementOptions {
  /** Attributes (never `style`: a strict CSP blocks style attributes, so styles go through the CSSOM). */
  attrs?: Record<string, string>
  style?: Style
  text?: string
}

/**
 * Creates an element with attributes, CSSOM styles and children.
 *
 * @example
 * const button = h('button', { attrs: { type: 'button' }, style: { color: 'white' }, text: 'Approve' })
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options: ElementOptions = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(options.attrs ?? {})) element.setAttribute(name, value)
  if (options.style) Object.assign(element.style, options.style)
  if (options.text !== undefined) element.textContent = options.text
  element.append(...children)
  return element
}

let nextId = 0
/** A document-unique id for aria-labelledby. */
export const uniqueId = (prefix: string) => `${prefix}-${++nextId}-${Math.random().toString(36).slice(2, 8)}`

/** Where the wallet's UI goes; `<html>` when the script runs before `<body>` exists. */
export const mountPoint = (): HTMLElement => document.body ?? document.documentElement
