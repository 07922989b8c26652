import { expect, test } from 'vitest'
import { excess, MAX_FUNCTION_LINES, measure } from './shape.ts'

const body = (lines: number) => Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i}`).join('\n')

test('measures a file’s lines and its functions over the limits, each by the name a reader finds it under', () => {
  const text = [
    `export function big() {\n${body(MAX_FUNCTION_LINES + 1)}\n}`,
    `export const arrow = () => {\n${body(MAX_FUNCTION_LINES + 5)}\n}`,
    `export function outer() {\n  return [1].map(() => {\n${body(MAX_FUNCTION_LINES + 1)}\n  })\n}`,
    `export function small() {\n${body(MAX_FUNCTION_LINES)}\n}`,
  ].join('\n')
  expect(measure('a.ts', `${text}\n`)).toEqual({
    lines: text.split('\n').length,
    functions: {
      big: MAX_FUNCTION_LINES + 1,
      arrow: MAX_FUNCTION_LINES + 5,
      outer: MAX_FUNCTION_LINES + 3,
      'outer > anonymous': MAX_FUNCTION_LINES + 1,
    },
  })
  expect(measure('b.tsx', 'export const A = () => <p>short</p>\n')).toEqual({ functions: {} })
})

test('a listed file or function may shrink, never grow, and nothing new may go over', () => {
  const allowed = { 'old.ts': { lines: 500, functions: { make: 200 } } }
  expect(excess({ 'old.ts': { lines: 480, functions: { make: 150 } } }, allowed)).toEqual([])
  expect(excess({ 'old.ts': { lines: 501, functions: { make: 201, other: 121 } } }, allowed)).toEqual([
    'old.ts: 501 lines, more than the 500 it had (split it, do not grow it)',
    'old.ts: make is 201 lines, more than the 200 it had',
    'old.ts: other is 121 lines, over 120',
  ])
  expect(excess({ 'new.ts': { lines: 401, functions: {} } }, allowed)).toEqual([
    'new.ts: 401 lines, over 400',
  ])
})
