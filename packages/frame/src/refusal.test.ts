import { afterEach, expect, test, vi } from 'vitest'
import { answerOf, Refusal, SOMETHING_WENT_WRONG } from './refusal.ts'

afterEach(() => vi.restoreAllMocks())

test('a refusal reaches the page as it was made', () => {
  const refusal = new Refusal({ code: 4100, message: 'Not logged in' })
  expect(answerOf(refusal, 'getUser')).toEqual({ code: 4100, message: 'Not logged in' })
})

test('an exception’s own words stay in the frame’s console; the page gets SPEC’s message', () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const denied = new DOMException('The user denied permission to access the database.', 'UnknownError')
  expect(answerOf(denied, 'getUser')).toEqual({ code: -32603, message: SOMETHING_WENT_WRONG })
  expect(answerOf('a thrown string', 'rpcRequest')).toEqual({ code: -32603, message: 'Something went wrong' })
  expect(logged).toHaveBeenCalledWith('Latch wallet: getUser failed', denied)
})
