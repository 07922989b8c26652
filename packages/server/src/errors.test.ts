import { describe, expect, it } from 'vitest'
import { describeValidation } from './errors.ts'

const issue = (instancePath: string) => ({
  instancePath,
  message: 'must not contain NUL characters',
  params: {},
})

describe('describeValidation', () => {
  it('names a body key that holds "/" whole (the validator joins the path with "/")', () => {
    const body = { props: { properties: { 'te/b/': '\u0000' } } }
    expect(describeValidation([issue('/props/properties/te/b/')], 'body', body)).toEqual({
      field: 'props.properties.te/b/',
      error: 'Invalid props.properties.te/b/: must not contain NUL characters',
    })
  })

  it('names array items by index and missing keys as given', () => {
    expect(describeValidation([issue('/1/props/event')], 'body', [{}, { props: {} }]).field).toBe(
      '[1].props.event',
    )
    expect(describeValidation([issue('/projectId')], 'querystring', {}).field).toBe('projectId')
    expect(describeValidation([issue('/')], 'body', {}).field).toBe('body')
  })

  it('names an object’s key of digits as the key it is, not an index (a fuzzed Telegram field "00000001")', () => {
    const body = { data: { id: '77', '00000001': 9007199254740991 } }
    expect(describeValidation([issue('/data/00000001')], 'body', body).field).toBe('data.00000001')
    expect(describeValidation([issue('/items/2')], 'body', { items: ['a', 'b', 3] }).field).toBe('items[2]')
  })
})
