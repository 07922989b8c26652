import { stringToHex } from 'viem'
import { expect, test } from 'vitest'
import { readableMessage, readableValue } from './approve.ts'

test('a message reads as its text; what hides or reorders text is written out; bytes that are not UTF-8 stay hex', () => {
  expect(readableMessage(stringToHex('Sign in\nNonce: 42\twith a tab'))).toBe(
    'Sign in\nNonce: 42\twith a tab',
  )
  expect(readableMessage(stringToHex('pay \u202Eevil\u202C 1 ETH\u200B'))).toBe(
    'pay \\u{202e}evil\\u{202c} 1 ETH\\u{200b}',
  )
  expect(readableMessage(stringToHex('bell\u0007'))).toBe('bell\\u{7}')
  expect(readableMessage('0xff00')).toBe('0xff00')
  expect(readableMessage('not hex')).toBe('not hex')
})

test('typed data reads as its fields, nested ones indented; no value can pass for a line of its own', () => {
  expect(
    readableValue({
      from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
      contents: 'Hello, Bob!\nto: 0xevil',
      amounts: ['1', 2],
    }),
  ).toBe(
    [
      'from:',
      '  name: Cow',
      '  wallet: 0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
      'contents: Hello, Bob!\\nto: 0xevil',
      'amounts:',
      '  0: 1',
      '  1: 2',
    ].join('\n'),
  )
  expect(readableValue({ 'to\u202E': 'x' })).toBe('to\\u{202e}: x')
})
