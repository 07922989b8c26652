import { describe, expect, it } from 'vitest'
import { BaseError, DisconnectError } from './BaseError.ts'
import {
  ChainDisconnectedError,
  isUserRejection,
  ProviderDisconnectedError,
  RpcError,
  SwitchChainError,
  toRpcError,
  UnauthorizedError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from './rpc.ts'

describe('EIP-1193 provider codes', () => {
  it.each([
    [4001, UserRejectedRequestError, 'Request declined in the wallet'],
    [4100, UnauthorizedError, 'The wallet has not authorised this request'],
    [4200, UnsupportedMethodError, 'The wallet does not support this request'],
    [4900, ProviderDisconnectedError, 'The wallet is disconnected'],
    [4901, ChainDisconnectedError, 'The wallet is not connected to this network'],
    [4902, SwitchChainError, 'The wallet could not switch to this network'],
  ])('%i becomes %o', (code, ErrorClass, shortMessage) => {
    const error = toRpcError({ code, message: 'raw wallet text' })
    expect(error).toBeInstanceOf(ErrorClass)
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).code).toBe(code)
    expect(error.shortMessage).toBe(shortMessage)
  })
})

describe('JSON-RPC codes -32700 … -32006', () => {
  it.each([
    [-32700, 'The wallet could not parse the request'],
    [-32600, 'The request was not valid'],
    [-32601, 'The method does not exist'],
    [-32602, 'Invalid parameters'],
    [-32603, 'Internal error in the wallet or node'],
    [-32000, 'Invalid input'],
    [-32001, 'Resource not found'],
    [-32002, 'Resource unavailable'],
    [-32003, 'Transaction rejected'],
    [-32004, 'Method not supported'],
    [-32005, 'Limit exceeded'],
    [-32006, 'JSON-RPC version not supported'],
  ])('%i keeps its code and reads "%s"', (code, shortMessage) => {
    const error = toRpcError({ code })
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).code).toBe(code)
    expect(error.shortMessage).toBe(shortMessage)
  })
})

describe('wallet-call bundle errors 5700 to 5760', () => {
  it.each([5700, 5710, 5720, 5730, 5740, 5750, 5760])('%i is a bundle error', (code) => {
    const error = toRpcError({ code })
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).code).toBe(code)
    expect(error.shortMessage).toBe('The wallet could not process the batch of calls')
  })

  it.each([5699, 5761])('%i just outside the range is not', (code) => {
    const error = toRpcError({ code })
    expect((error as RpcError).code).toBe(code)
    expect(error.shortMessage).toBe('Something went wrong')
  })
})

describe('what a wallet throws becomes a typed error', () => {
  it('finds a code nested under cause (viem)', () => {
    const error = toRpcError(new Error('outer', { cause: new Error('middle', { cause: { code: 4001 } }) }))
    expect(error).toBeInstanceOf(UserRejectedRequestError)
  })

  it('finds a code nested under data.originalError (MetaMask)', () => {
    const error = toRpcError({ message: 'Internal JSON-RPC error.', data: { originalError: { code: 4902 } } })
    expect(error).toBeInstanceOf(SwitchChainError)
  })

  it('sees a provider code through a JSON-RPC wrapper (MetaMask mobile wraps 4902 in -32603)', () => {
    const error = toRpcError({ code: -32603, data: { originalError: { code: 4902 } } })
    expect(error).toBeInstanceOf(SwitchChainError)
    expect(isUserRejection({ code: -32603, cause: { code: 4001 } })).toBe(true)
  })

  it('prefers the outermost numeric code', () => {
    expect(toRpcError({ code: 4100, cause: { code: 4001 } })).toBeInstanceOf(UnauthorizedError)
  })

  it('skips a string code and keeps looking', () => {
    expect(toRpcError({ code: 'ACTION_REJECTED', cause: { code: 4001 } })).toBeInstanceOf(
      UserRejectedRequestError,
    )
  })

  it("keeps the wallet's own text as details and the original as cause", () => {
    const original = Object.assign(new Error('User denied account authorization'), { code: 4001 })
    const error = toRpcError(original)
    expect(error.details).toBe('User denied account authorization')
    expect(error.cause).toBe(original)
    expect(error.message).toContain('User denied account authorization')
  })

  it("gives 'Something went wrong' without a code", () => {
    const error = toRpcError(new Error('boom'))
    expect(error).toBeInstanceOf(BaseError)
    expect(error).not.toBeInstanceOf(RpcError)
    expect(error.shortMessage).toBe('Something went wrong')
    expect(error.details).toBe('boom')
  })

  it('takes a thrown string as details', () => {
    expect(toRpcError('nope').details).toBe('nope')
  })

  it('passes a Latch error through unchanged', () => {
    const latchError = new DisconnectError()
    expect(toRpcError(latchError)).toBe(latchError)
  })
})

describe('isUserRejection', () => {
  it('is true for 4001 however it is wrapped', () => {
    expect(isUserRejection({ code: 4001 })).toBe(true)
    expect(isUserRejection(new Error('x', { cause: { code: 4001 } }))).toBe(true)
    expect(isUserRejection({ data: { originalError: { code: 4001 } } })).toBe(true)
    expect(isUserRejection(new UserRejectedRequestError())).toBe(true)
  })

  it('is true for a plain RpcError with code 4001', () => {
    expect(isUserRejection(new RpcError(4001, 'Declined'))).toBe(true)
  })

  it('is true for a Latch error caused by a 4001', () => {
    expect(isUserRejection(new BaseError('Could not sign', { cause: { code: 4001 } }))).toBe(true)
  })

  it('is false for other codes and for no code', () => {
    expect(isUserRejection({ code: 4100 })).toBe(false)
    expect(isUserRejection(new Error('boom'))).toBe(false)
    expect(isUserRejection(undefined)).toBe(false)
  })
})
