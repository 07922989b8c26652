// ERC-7677's paymaster service over EntryPoint v0.7's VerifyingPaymaster: `pm_getPaymasterStubData` answers what a
// wallet estimates gas with, `pm_getPaymasterData` the signature that makes the paymaster pay — once the project's
// policy (chains, origins, gas per operation, daily caps) allows it and the sponsorship is recorded.
import { type Hex, toHex } from 'viem'
import { getUserOperationHash } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { getBlockNumber, getGasPrice } from 'viem/actions'
import { z } from 'zod'
import { chainClient } from '../chains/clients.ts'
import type { ChainConfig, SponsorshipConfig, SponsorshipPolicy } from '../chains/types.ts'
import { isOriginAllowed } from '../cors.ts'
import { LruCache } from '../lruCache.ts'
import type { Project, Storage } from '../storage/types.ts'
import { INVALID_PARAMS, JsonRpcError, METHOD_NOT_FOUND, SERVER_ERROR } from './jsonRpc.ts'
import { createSettling } from './settle.ts'
import {
  entryPoint07,
  type GasLimits,
  paymasterData,
  paymasterHash,
  totalGas,
  type UserOperation,
  userOperationSchema,
} from './userOperation.ts'

/** What the paymaster's own validation and post-operation are given (the sample's validation is one ecrecover). */
export const paymasterGasLimits = { verification: 100_000n, postOp: 1n } as const

/** A policy's operation counts when it names none: they bound the rows a day holds. */
export const defaultDailyOperations = { account: 1_000, project: 100_000 } as const

/**
 * Signatures one requester (a client address, an IPv6 one as its /64) may get from a project's policy in an hour
 * when it names none: a stranger making up thousands of accounts cannot spend the project's day, however few of
 * their operations they send.
 */
export const defaultRequesterHourlyOperations = 100

/** The methods `/v1/paymaster/:chainId` answers. */
export const paymasterMethods = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const

/**
 * The key the stubs are signed with: a fixed, public one, so a stub's signature is well formed (the contract's ECDSA
 * recovery must not revert while the bundler estimates) yet never the signer's — a stub pays for nothing.
 */
const stubSigner = privateKeyToAccount(`0x${'1'.repeat(64)}`)

const paramsSchema = z.tuple([
  userOperationSchema,
  z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be the EntryPoint address'),
  z.string().regex(/^0x[0-9a-fA-F]{1,16}$/, 'must be the chain id as a hex quantity'),
  z.unknown().optional(),
])

/** Where a request comes from and what it asks for, as the route read it. */
export interface PaymasterCall {
  method: string
  params: unknown
  project: Project
  /** The page's Origin header; undefined for a script or a server. */
  origin: string | undefined
  /** Who asks: the client's address (an IPv6 one as its /64). */
  requester: string
  chain: ChainConfig & { paymaster: Hex }
}

export interface PaymasterOptions {
  sponsorship: SponsorshipConfig
  storage: Storage
  now?: () => Date
  /** Told what failed in the background (the purge of past days' rows). */
  onError?: (error: unknown) => void
}

/** How far over the network's gas price an operation's max fee may be and still be sponsored. */
export const MAX_FEE_MULTIPLE = 10n

const capsOf = (policy: SponsorshipPolicy) => ({
  account: policy.accountDailyCap,
  project: policy.dailyCap,
  accountOperations: policy.accountDailyOperations ?? defaultDailyOperations.account,
  projectOperations: policy.dailyOperations ?? defaultDailyOperations.project,
  requesterHourly: policy.requesterHourlyOperations ?? defaultRequesterHourlyOperations,
})

/** A refusal the wallet shows as is (then pays its own gas if it can). */
const refuse = (reason: string) => new JsonRpcError(SERVER_ERROR, reason)

/**
 * The paymaster service. Every refusal is a JSON-RPC error whose message is the plain reason: 'Project not sponsored',
 * 'Chain not sponsored', 'Origin not sponsored', 'Sponsorship limit reached', ….
 *
 * @example
 * const paymaster = createPaymaster({ sponsorship, storage })
 * await paymaster.call({ method: 'pm_getPaymasterData', params: [userOperation, entryPoint07, '0x7a69', {}], project, origin, chain })
 */
export function createPaymaster(options: PaymasterOptions) {
  const { sponsorship, storage, now = () => new Date(), onError = () => {} } = options
  const signer = privateKeyToAccount(sponsorship.signerKey)
  let purgedAt = 0

  /**
   * A read of a chain, asked at most every `ttlMs` per chain (a failed one is asked again); a chain that does not
   * answer refuses the sponsorship.
   */
  function perChain(read: typeof getGasPrice, ttlMs: number) {
    const answers = new LruCache<Promise<bigint>>({ maxEntries: 100, ttlMs })
    return (chain: ChainConfig): Promise<bigint> => {
      const key = String(chain.chainId)
      let answer = answers.get(key)
      if (!answer) {
        answer = read(chainClient(chain, 'signatures'))
        answers.set(key, answer)
        answer.catch(() => answers.delete(key))
      }
      return answer.catch(() => {
        throw refuse(`${chain.name} did not answer: try again`)
      })
    }
  }

  /** The chain's gas price, read at most every 10 s. */
  const gasPrice = perChain(getGasPrice, 10_000)
  /** The chain's block number, read at most every 2 s: where a reservation's event is looked for from. */
  const blockNumber = perChain(getBlockNumber, 2_000)

  /** The project's policy for this chain and origin, or the refusal. */
  function policyFor(call: PaymasterCall): SponsorshipPolicy {
    const policy = sponsorship.policies[call.project.id]
    if (!policy) throw refuse('Project not sponsored')
    if (!policy.chains.includes(call.chain.chainId)) throw refuse('Chain not sponsored')
    const origins = policy.origins ?? call.project.allowedOrigins
    const allowed = call.origin === undefined ? origins.includes('*') : isOriginAllowed(origins, call.origin)
    if (!allowed)
      throw refuse(
        call.origin === undefined ? 'Requests without an Origin are not sponsored' : 'Origin not sponsored',
      )
    return policy
  }

  function read(call: PaymasterCall): UserOperation {
    const parsed = paramsSchema.safeParse(call.params)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = `params${(issue?.path ?? []).map((part, i) => (i === 0 ? `[${String(part)}]` : `.${String(part)}`)).join('')}`
      throw new JsonRpcError(
        INVALID_PARAMS,
        `Invalid params: ${where} ${issue?.message ?? 'must be [userOperation, entryPoint, chainId, context]'}`,
      )
    }
    const [userOperation, entryPoint, chainId] = parsed.data
    if (entryPoint.toLowerCase() !== entryPoint07.toLowerCase())
      throw refuse(`EntryPoint not supported: only v0.7 (${entryPoint07}) is sponsored`)
    if (BigInt(chainId) !== BigInt(call.chain.chainId))
      throw new JsonRpcError(INVALID_PARAMS, `Invalid params: chainId ${chainId} is not this URL's chain`)
    return userOperation
  }

  const window = (policy: SponsorshipPolicy) => ({
    validUntil: Math.floor(now().getTime() / 1000) + Math.min(policy.validForSeconds, 600),
    validAfter: 0,
  })

  const settle = createSettling({ storage, now, onError, logsRange: sponsorship.logsRange })

  async function stubData(call: PaymasterCall) {
    const policy = policyFor(call)
    const userOperation = read(call)
    await settle(call.chain)
    const spent = await storage.sponsorships.spent(call.project.id, userOperation.sender, now())
    const caps = capsOf(policy)
    if (
      spent.account >= caps.account ||
      spent.project >= caps.project ||
      spent.accountOperations >= caps.accountOperations ||
      spent.projectOperations >= caps.projectOperations
    )
      throw refuse('Sponsorship limit reached')
    const { validUntil, validAfter } = window(policy)
    const signature = await stubSigner.signMessage({ message: 'Latch paymaster stub' })
    return {
      paymaster: call.chain.paymaster,
      paymasterData: paymasterData(validUntil, validAfter, signature),
      paymasterVerificationGasLimit: toHex(paymasterGasLimits.verification),
      paymasterPostOpGasLimit: toHex(paymasterGasLimits.postOp),
      sponsor: { name: call.project.name },
      isFinal: false,
    }
  }

  async function data(call: PaymasterCall) {
    const policy = policyFor(call)
    const userOperation = read(call)
    const limits = {
      ...userOperation,
      paymasterVerificationGasLimit:
        userOperation.paymasterVerificationGasLimit ?? paymasterGasLimits.verification,
      paymasterPostOpGasLimit: userOperation.paymasterPostOpGasLimit ?? paymasterGasLimits.postOp,
    }
    for (const field of [
      'callGasLimit',
      'verificationGasLimit',
      'preVerificationGas',
      'maxFeePerGas',
      'maxPriorityFeePerGas',
    ] as const)
      if (limits[field] === undefined)
        throw new JsonRpcError(INVALID_PARAMS, `Invalid params: params[0].${field} is required`)
    const estimated = limits as typeof limits &
      GasLimits & { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
    const gas = totalGas(estimated)
    if (gas > policy.maxGasPerOperation)
      throw refuse(`Operation gas over the sponsored limit (${gas} > ${policy.maxGasPerOperation})`)

    // A fee far over the network's is no price anyone pays: it would only spend the caps (the cost counted is the most
    // an operation can cost). The limit is generous: a wallet's 'fast' fee and a burst of the base fee fit in it.
    const networkFee = await gasPrice(call.chain)
    if (estimated.maxFeePerGas > networkFee * MAX_FEE_MULTIPLE)
      throw refuse(
        `Max fee per gas over the sponsored limit (${estimated.maxFeePerGas} > ${MAX_FEE_MULTIPLE} × the network's ${networkFee})`,
      )

    // Signed before anything is recorded: what cannot be signed spends nothing.
    const { validUntil, validAfter } = window(policy)
    const hash = paymasterHash({
      userOperation: estimated,
      chainId: call.chain.chainId,
      paymaster: call.chain.paymaster,
      validUntil,
      validAfter,
    })
    const signature = await signer.signMessage({ message: { raw: hash } })
    const sponsored = paymasterData(validUntil, validAfter, signature)
    // What the EntryPoint will call the operation once it lands: found by it, the reservation counts for good.
    const userOpHash = getUserOperationHash({
      chainId: call.chain.chainId,
      entryPointAddress: entryPoint07,
      entryPointVersion: '0.7',
      userOperation: {
        ...estimated,
        factory: estimated.factory ?? undefined,
        factoryData: estimated.factoryData ?? undefined,
        paymaster: call.chain.paymaster,
        paymasterData: sponsored,
        signature: '0x',
      },
    })
    const [fromBlock] = await Promise.all([blockNumber(call.chain), settle(call.chain)])

    const at = now()
    if (at.getTime() - purgedAt > 60 * 60_000) {
      purgedAt = at.getTime()
      // Past days' rows, once an hour; a failure is the next hour's to retry, never this request's.
      storage.sponsorships.purgeBefore(new Date(at.getTime() - 24 * 60 * 60_000)).catch((error: unknown) => {
        purgedAt = 0
        onError(error)
      })
    }
    const recorded = await storage.sponsorships.record(
      {
        projectId: call.project.id,
        chainId: call.chain.chainId,
        sender: estimated.sender,
        maxCost: gas * estimated.maxFeePerGas,
        createdAt: at,
        requester: call.requester,
        userOpHash,
        validUntil: new Date(validUntil * 1000),
        fromBlock,
      },
      capsOf(policy),
    )
    // Whose cap it was is in the error's data; the message is the one the issue and the modal speak.
    if (recorded !== 'recorded')
      throw new JsonRpcError(SERVER_ERROR, 'Sponsorship limit reached', { cap: recorded })
    return { paymaster: call.chain.paymaster, paymasterData: sponsored }
  }

  return {
    /** The paymaster's signer: the address its contracts must trust. */
    signer: signer.address,
    async call(call: PaymasterCall): Promise<unknown> {
      if (call.method === 'pm_getPaymasterStubData') return stubData(call)
      if (call.method === 'pm_getPaymasterData') return data(call)
      throw new JsonRpcError(
        METHOD_NOT_FOUND,
        `Method not found: ${call.method} (this paymaster answers ${paymasterMethods.join(', ')})`,
      )
    },
  }
}

export type Paymaster = ReturnType<typeof createPaymaster>
