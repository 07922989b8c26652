import type { Client } from './client.ts'
import { errorFrame, type Frame, parseFrame, resultFrame } from './jsonrpc.ts'
import type { RelayLimits } from './limits.ts'
import { arrayOf, invalid, LIMIT_EXCEEDED, objectOf, overLimit, Refusal, topicOf } from './params.ts'
import type { RelayStore, StoredMessage } from './store.ts'
import type { RelaySubscriptions } from './subscriptions.ts'

/** WalletConnect's delivery tags for the session messages the relay itself delivers. */
const TAG_PROPOSAL = 1100
const TAG_PROPOSAL_RESPONSE = 1101
const TAG_SETTLEMENT = 1102
const MIN_TTL_S = 10
const DEFAULT_TTL_S = 300

export interface RelayMethodsParameters {
  limits: RelayLimits
  store: RelayStore
  now: () => number
  send: (client: Client, text: string) => void
  subscriptions: RelaySubscriptions
}

/**
 * The JSON-RPC side of a connection: each text frame a client sends is parsed, held to the client's request
 * budget, handled (the `irn_*` methods and session delivery) and answered with a result or an error.
 */
export function relayMethods({ limits, store, now, send, subscriptions }: RelayMethodsParameters) {
  const { checkRoom, subscribe, deliverStored, unsubscribe } = subscriptions

  /** A publish checked and made ready to store; throws a refusal naming the problem. */
  const prepare = (
    client: Client,
    topic: string,
    message: unknown,
    ttl: unknown,
    tag: unknown,
  ): StoredMessage => {
    if (typeof message !== 'string' || !message) throw invalid('message must be a non-empty string')
    if (message.length > limits.maxMessageLength)
      throw invalid(`message must be at most ${limits.maxMessageLength} characters`)
    const seconds = ttl === undefined ? DEFAULT_TTL_S : Number(ttl)
    if (!Number.isFinite(seconds) || seconds <= 0) throw invalid('ttl must be a positive number of seconds')
    const publishedAt = now()
    return {
      topic,
      message,
      tag: typeof tag === 'number' && Number.isSafeInteger(tag) ? tag : 0,
      publishedAt,
      expiresAt: publishedAt + Math.min(Math.max(seconds, MIN_TTL_S), limits.maxTtlSeconds) * 1000,
      from: client.clientId,
    }
  }

  /** Stores what `prepare` checked, once the client's publishing budget allows all of it (or none). */
  const publishAll = async (client: Client, entries: readonly StoredMessage[]) => {
    const size = entries.reduce((sum, entry) => sum + entry.message.length, 0)
    if (!client.publishBudget.take(size))
      throw overLimit(
        `a connection may publish ${limits.publishBytesPerSecond} characters a second (bursts of ${limits.publishBurstBytes}); slow down`,
      )
    for (const entry of entries) await store.publish(entry)
  }

  const handle = async (client: Client, frame: Frame): Promise<unknown> => {
    const { method } = frame
    switch (method) {
      case 'irn_subscribe': {
        const topic = topicOf(objectOf(frame.params).topic)
        checkRoom(client, [topic])
        const id = subscribe(client, topic)
        setImmediate(() => void deliverStored(client, topic).catch(() => undefined))
        return id
      }
      case 'irn_batchSubscribe': {
        const topics = arrayOf(objectOf(frame.params).topics, 'topics', limits.maxSubscriptionsPerClient).map(
          (topic, index) => topicOf(topic, `topics[${index}]`),
        )
        checkRoom(client, topics)
        const ids = topics.map((topic) => subscribe(client, topic))
        setImmediate(() => {
          for (const topic of topics) void deliverStored(client, topic).catch(() => undefined)
        })
        return ids
      }
      case 'irn_unsubscribe': {
        unsubscribe(client, topicOf(objectOf(frame.params).topic))
        return true
      }
      case 'irn_batchUnsubscribe': {
        const items = arrayOf(
          objectOf(frame.params).subscriptions,
          'subscriptions',
          limits.maxSubscriptionsPerClient,
        )
        const topics = items.map((item, index) =>
          topicOf(objectOf(item, `subscriptions[${index}]`).topic, `subscriptions[${index}].topic`),
        )
        for (const topic of topics) unsubscribe(client, topic)
        return true
      }
      case 'irn_publish': {
        const params = objectOf(frame.params)
        await publishAll(client, [
          prepare(client, topicOf(params.topic), params.message, params.ttl, params.tag),
        ])
        return true
      }
      case 'irn_batchPublish': {
        const messages = arrayOf(objectOf(frame.params).messages, 'messages', limits.maxBatchMessages)
        const entries = messages.map((item, index) => {
          const params = objectOf(item, `messages[${index}]`)
          try {
            return prepare(client, topicOf(params.topic), params.message, params.ttl, params.tag)
          } catch (error) {
            // Nothing is published when one item is refused; the error says which.
            if (error instanceof Refusal)
              throw invalid(`messages[${index}]: ${error.message.replace(/^Invalid params: /, '')}`)
            throw error
          }
        })
        await publishAll(client, entries)
        return true
      }
      case 'irn_fetchMessages':
      case 'irn_batchFetchMessages': {
        const params = objectOf(frame.params)
        const topics =
          method === 'irn_fetchMessages'
            ? [topicOf(params.topic)]
            : arrayOf(params.topics, 'topics', limits.maxSubscriptionsPerClient).map((topic, index) =>
                topicOf(topic, `topics[${index}]`),
              )
        const messages: { topic: string; message: string; publishedAt: number; tag: number }[] = []
        // One answer carries at most maxFetchBytes: the store's whole content, fetched by many sockets at once,
        // would otherwise be copied once per answer. (sign-client 2.25 never fetches; it would ignore hasMore.)
        let size = 0
        for (const topic of topics)
          for (const entry of await store.messages(topic, now())) {
            if (entry.from === client.clientId) continue
            size += entry.message.length
            if (size > limits.maxFetchBytes && messages.length) return { messages, hasMore: true }
            messages.push({ topic, message: entry.message, publishedAt: entry.publishedAt, tag: entry.tag })
          }
        return { messages, hasMore: false }
      }
      case 'wc_proposeSession': {
        const params = objectOf(frame.params)
        const pairingTopic = topicOf(params.pairingTopic, 'pairingTopic')
        const entry = prepare(client, pairingTopic, params.sessionProposal, params.ttl, TAG_PROPOSAL)
        checkRoom(client, [pairingTopic])
        await publishAll(client, [entry])
        subscribe(client, pairingTopic)
        return true
      }
      case 'wc_approveSession': {
        const params = objectOf(frame.params)
        const pairingTopic = topicOf(params.pairingTopic, 'pairingTopic')
        const sessionTopic = topicOf(params.sessionTopic, 'sessionTopic')
        const entries = [
          prepare(client, pairingTopic, params.sessionProposalResponse, params.ttl, TAG_PROPOSAL_RESPONSE),
          prepare(client, sessionTopic, params.sessionSettlementRequest, params.ttl, TAG_SETTLEMENT),
        ]
        checkRoom(client, [sessionTopic])
        await publishAll(client, entries)
        subscribe(client, sessionTopic)
        return true
      }
      default:
        return undefined
    }
  }

  const onFrame = (client: Client, text: string) => {
    const parsed = parseFrame(text)
    if (!parsed.ok) {
      send(client, errorFrame('null', parsed.code, parsed.message))
      return
    }
    const { frame } = parsed
    // A response to the relay's own push (an ack): nothing to answer.
    if (frame.method === undefined && (frame.result !== undefined || frame.error !== undefined)) return
    if (!client.frameBudget.take(1)) {
      send(
        client,
        errorFrame(
          frame.rawId,
          LIMIT_EXCEEDED,
          `Limit exceeded: a connection may send ${limits.framesPerSecond} requests a second; slow down`,
        ),
      )
      return
    }
    if (typeof frame.method !== 'string') {
      send(client, errorFrame(frame.rawId, -32600, 'Invalid request: method must be a string'))
      return
    }
    const method = frame.method
    handle(client, frame).then(
      (result) =>
        send(
          client,
          result === undefined
            ? errorFrame(frame.rawId, -32601, `Method not found: ${method.slice(0, 64)}`)
            : resultFrame(frame.rawId, result),
        ),
      (error: unknown) =>
        send(
          client,
          error instanceof Refusal
            ? errorFrame(frame.rawId, error.code, error.message)
            : errorFrame(frame.rawId, -32603, 'Internal error: the relay could not store the message'),
        ),
    )
  }

  return { onFrame }
}
