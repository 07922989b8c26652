import { stringToHex } from 'viem'
import { expect, test } from 'vitest'
import { readableMessage, readableTyped, readableValue } from './approve.ts'

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

test('typed data reads as its type says, nested structs and arrays indented; what its type does not name is not shown', () => {
  const types = {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
      { name: 'tags', type: 'string[2]' },
    ],
  }
  const message = {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: [{ name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }],
    contents: 'Hello, Bob!\nto: 0xevil',
    tags: ['a', 'b'],
    decoy: 'Not signed, so not shown',
  }
  expect(readableTyped(types, 'Mail', message)).toBe(
    [
      'from:',
      '  name: Cow',
      '  wallet: 0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
      'to:',
      '  0:',
      '    name: Bob',
      '    wallet: 0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB',
      'contents: Hello, Bob!\\nto: 0xevil',
      'tags:',
      '  0: a',
      '  1: b',
    ].join('\n'),
  )
  expect(readableValue('to\u202E')).toBe('to\\u{202e}')
})
