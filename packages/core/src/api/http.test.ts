import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/BaseError.ts'
import { HttpError, requestJson } from './http.ts'

const answering = (response: Response) => async () => response

describe('HttpError (SPEC §8)', () => {
  it("reads 'HTTP status code: {n}' and carries the status", () => {
    const error = new HttpError(503, 'http://api.test/getWallets')
    expect(error).toBeInstanceOf(BaseError)
    expect(error.shortMessage).toBe('HTTP status code: 503')
    expect(error.status).toBe(503)
    expect(error.details).toContain('http://api.test/getWallets')
  })
})

describe('requestJson', () => {
  it('parses a success body', async () => {
    const fetchFunction = answering(new Response('{"count":0,"data":[]}', { status: 200 }))
    await expect(requestJson(fetchFunction, 'http://api.test/x')).resolves.toEqual({ count: 0, data: [] })
  })

  it.each([400, 403, 404, 500])('rejects a %i with HttpError', async (status) => {
    const fetchFunction = answering(new Response('{}', { status }))
    const error = await requestJson(fetchFunction, 'http://api.test/x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).status).toBe(status)
    expect((error as HttpError).shortMessage).toBe(`HTTP status code: ${status}`)
  })
})
