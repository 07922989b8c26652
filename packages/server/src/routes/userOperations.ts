// `POST /v1/bundler/:chainId` and `POST /v1/paymaster/:chainId`: ERC-4337 for any dapp, through this server. Both
// speak JSON-RPC only: every refusal — a malformed body, a method not allowed, an unknown project or chain, a body
// too large, too many requests — is a JSON-RPC error body, never a framework's page.

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { Hex } from 'viem'
import { z } from 'zod'
import { callBundler } from '../aa/bundler.ts'
import {
  answerOfError,
  errorAnswer,
  INTERNAL_ERROR,
  INVALID_REQUEST,
  type JsonRpcAnswer,
  JsonRpcError,
  type JsonRpcRequest,
  maxBatch,
  PARSE_ERROR,
  parseJsonRpc,
} from '../aa/jsonRpc.ts'
import { createPaymaster } from '../aa/paymaster.ts'
import type { BlockchainConfig, ChainConfig } from '../chains/types.ts'
import { isOriginAllowed } from '../cors.ts'
import { defaultProject } from '../defaults.ts'
import { describeValidation } from '../errors.ts'
import { requesterOf } from '../limits.ts'
import { createProjectLookup } from '../projectLookup.ts'
import { sdkQuery } from '../schemas.ts'
import type { Project, Storage } from '../storage/types.ts'

export interface UserOperationRoutesOptions {
  blockchain: BlockchainConfig
  storage: Storage
  /** How long a project's settings are cached (default 5 s). */
  projectTtlMs?: number
  now?: () => Date
  /**
   * The page a request comes from, which the project's origins and sponsorship policy judge: its Origin header by
   * default; on the embedded wallet's origin, the page its frame serves (see frameApp.ts).
   */
  originOf?: (request: FastifyRequest) => string | undefined
}

/** The largest body read: a batch of user operations with their factory data stays far below it. */
export const userOperationBodyLimit = 128 * 1024

const chainParams = z.object({
  chainId: z.string().regex(/^[1-9]\d{0,14}$/, 'must be an eip155 chain id'),
})

/** The status and JSON-RPC error a refused request gets. */
class RouteRefusal extends JsonRpcError {
  readonly statusCode: number
  constructor(statusCode: number, message: string) {
    super(INVALID_REQUEST, message)
    this.statusCode = statusCode
  }
}

export const userOperationRoutes: FastifyPluginAsyncZod<UserOperationRoutesOptions> = async (
  app,
  options,
) => {
  const { blockchain, storage, originOf = (request) => request.headers.origin } = options
  const lookupProject = createProjectLookup(storage, options.projectTtlMs)
  const paymaster = blockchain.sponsorship
    ? createPaymaster({
        sponsorship: blockchain.sponsorship,
        storage,
        ...(options.now ? { now: options.now } : {}),
        onError: (error) => app.log.error({ err: error }, 'could not purge past sponsorships'),
      })
    : undefined

  // The body as text: JSON is parsed by the handler, so malformed JSON gets JSON-RPC's -32700.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: userOperationBodyLimit },
    (_request, body, done) => done(null, body),
  )
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RouteRefusal)
      return reply.code(error.statusCode).send(errorAnswer(null, error.code, error.message))
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { error: message } = describeValidation(error.validation, error.validationContext, undefined)
      return reply.code(400).send(errorAnswer(null, INVALID_REQUEST, message))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? `Request too large: at most ${userOperationBodyLimit / 1024} KiB`
          : status === 415
            ? 'Content-Type must be application/json'
            : error.message
      return reply
        .code(status)
        .send(errorAnswer(null, status === 400 ? PARSE_ERROR : INVALID_REQUEST, message))
    }
    request.log.error({ err: error }, 'user operation request failed')
    return reply.code(500).send(errorAnswer(null, INTERNAL_ERROR, 'Internal error'))
  })

  /** The project (the default one when none is named), once it exists and allows the request's Origin. */
  async function projectOf(projectId: string | undefined, origin: string | undefined): Promise<Project> {
    const id = projectId ?? defaultProject.id
    const project = await lookupProject(id)
    if (!project) throw new RouteRefusal(403, `Unknown project ${id}`)
    if (origin !== undefined && !isOriginAllowed(project.allowedOrigins, origin))
      throw new RouteRefusal(403, `Origin ${origin} is not allowed for project ${id}`)
    return project
  }

  function chainOf(chainId: string): ChainConfig | undefined {
    return blockchain.chains.find((chain) => chain.chainId === Number(chainId))
  }

  /** Answers the body's request (or batch), each through `handle`; the body is read here, not by Fastify. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    maxEntries: number,
    handle: (entry: JsonRpcRequest) => Promise<unknown>,
  ) {
    let parsed: ReturnType<typeof parseJsonRpc>
    try {
      parsed = parseJsonRpc(typeof request.body === 'string' ? request.body : '', maxEntries)
    } catch (error) {
      return reply.send(answerOfError(null, error))
    }
    // One after the other: a batch asks no more of the bundler, the database or the signer at once than a request.
    const answers: JsonRpcAnswer[] = []
    for (const entry of parsed.entries) {
      if ('error' in entry) {
        answers.push(entry)
        continue
      }
      try {
        answers.push({ jsonrpc: '2.0', id: entry.id, result: await handle(entry) })
      } catch (error) {
        if (!(error instanceof JsonRpcError))
          request.log.error({ err: error, method: entry.method }, 'user operation call failed')
        answers.push(answerOfError(entry.id, error))
      }
    }
    return reply.send(parsed.batch ? answers : answers[0])
  }

  const querystring = sdkQuery

  app.post(
    '/v1/bundler/:chainId',
    {
      config: { usage: true, limit: 'bundler' },
      schema: {
        summary: 'ERC-4337 bundler (JSON-RPC), proxied to the chain’s configured bundler',
        description:
          'eth_sendUserOperation, eth_estimateUserOperationGas, eth_getUserOperationByHash, eth_getUserOperationReceipt, eth_supportedEntryPoints, eth_chainId and pimlico_getUserOperationGasPrice; other methods get -32601. `projectId` defaults to the default project; an Origin must be one of the project’s.',
        tags: ['user operations'],
        params: chainParams,
        querystring,
      },
    },
    async (request, reply) => {
      const chain = chainOf(request.params.chainId)
      if (!chain?.bundlerUrl)
        throw new RouteRefusal(404, `No bundler for eip155:${request.params.chainId} on this server`)
      await projectOf(request.query.projectId, originOf(request))
      const target = { url: chain.bundlerUrl, name: chain.caipNetworkId }
      return answer(request, reply, maxBatch, (entry) => callBundler(target, entry.method, entry.params))
    },
  )

  app.post(
    '/v1/paymaster/:chainId',
    {
      config: { usage: true, limit: 'sponsor' },
      schema: {
        summary: 'ERC-7677 paymaster (JSON-RPC): gas sponsored under the project’s policy',
        description:
          'pm_getPaymasterStubData and pm_getPaymasterData for EntryPoint v0.7 user operations, through the chain’s VerifyingPaymaster. A refusal is a JSON-RPC error whose message is the reason: Project not sponsored, Chain not sponsored, Origin not sponsored, Sponsorship limit reached, Operation gas over the sponsored limit.',
        tags: ['user operations'],
        params: chainParams,
        querystring,
      },
    },
    async (request, reply) => {
      const chain = chainOf(request.params.chainId)
      if (!chain?.paymaster || !paymaster)
        throw new RouteRefusal(404, `No paymaster for eip155:${request.params.chainId} on this server`)
      const origin = originOf(request)
      const project = await projectOf(request.query.projectId, origin)
      const sponsored = { ...chain, paymaster: chain.paymaster as Hex }
      // A wallet asks the paymaster one thing at a time (the stub, then the data): a batch of two at most, so the
      // sponsor rate limit counts what is signed.
      return answer(request, reply, 2, (entry) =>
        paymaster.call({
          method: entry.method,
          params: entry.params,
          project,
          origin,
          requester: requesterOf(request),
          chain: sponsored,
        }),
      )
    },
  )
}
