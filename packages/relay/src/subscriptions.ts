import { createHash } from 'node:crypto'
import type { Client } from './client.ts'
import { nextId } from './jsonrpc.ts'
import type { RelayLimits } from './limits.ts'
import { overLimit } from './params.ts'
import type { RelayStore, StoredMessage } from './store.ts'
import { topicSubscribers } from './subscribers.ts'

/** WalletConnect's subscription id: sha-256 of the topic and the client's id, hex. */
const subscriptionId = (topic: string, clientId: string) =>
  createHash('sha256')
    .update(topic + clientId)
    .digest('hex')

/** A push's `data` as JSON. */
const pushData = (entry: StoredMessage) =>
  JSON.stringify({
    topic: entry.topic,
    message: entry.message,
    publishedAt: entry.publishedAt,
    tag: entry.tag,
    // An empty attestation: wallets then skip the verify server (there is none offline).
    attestation: '',
  })

export interface RelaySubscriptionsParameters {
  limits: RelayLimits
  store: RelayStore
  now: () => number
  send: (client: Client, text: string) => void
}

/**
 * The topics this instance's clients subscribe to, within the per-client and relay-wide caps, and the pushes of
 * every message published to them (here or on another instance sharing the store).
 */
export function relaySubscriptions({ limits, store, now, send }: RelaySubscriptionsParameters) {
  const subscribers = topicSubscribers<Client>()
  let subscriptionCount = 0

  /**
   * Pushes a message (its `data` from `pushData`) to a subscriber. Nothing is built for a socket that is closing:
   * one that is behind is closed mid-delivery, and the rest of a topic's backlog must not be serialized for it.
   */
  const push = (client: Client, topic: string, data: string) => {
    if (!client.subscriptions.has(topic) || client.socket.readyState !== client.socket.OPEN) return
    const id = subscriptionId(topic, client.clientId)
    send(
      client,
      `{"id":${nextId()},"jsonrpc":"2.0","method":"irn_subscription","params":{"id":"${id}","data":${data}}}`,
    )
  }

  /** Checks that `topics` fit the client's and the relay's subscription caps, before any is subscribed. */
  const checkRoom = (client: Client, topics: readonly string[]) => {
    const added = new Set(topics.filter((topic) => !client.subscriptions.has(topic))).size
    if (client.subscriptions.size + added > limits.maxSubscriptionsPerClient)
      throw overLimit(`a connection may subscribe to at most ${limits.maxSubscriptionsPerClient} topics`)
    if (subscriptionCount + added > limits.maxSubscriptions)
      throw overLimit('the relay holds as many subscriptions as it can; try again later')
  }

  const subscribe = (client: Client, topic: string): string => {
    if (!client.subscriptions.has(topic)) {
      client.subscriptions.add(topic)
      subscriptionCount++
      subscribers.add(topic, client)
    }
    return subscriptionId(topic, client.clientId)
  }

  /** Delivers what the topic holds to a client that just subscribed, except what it published itself. */
  const deliverStored = async (client: Client, topic: string) => {
    for (const entry of await store.messages(topic, now())) {
      if (client.socket.readyState !== client.socket.OPEN) return
      if (entry.from !== client.clientId) push(client, topic, pushData(entry))
    }
  }
  // Every publish, on this instance or another, reaches this instance's subscribers but not its publisher; its
  // JSON is made once and shared by all of them.
  store.onMessage((entry) => {
    let data: string | undefined
    for (const client of subscribers.of(entry.topic)) {
      if (client.clientId === entry.from) continue
      data ??= pushData(entry)
      push(client, entry.topic, data)
    }
  })

  const unsubscribe = (client: Client, topic: string) => {
    if (!client.subscriptions.delete(topic)) return
    subscriptionCount--
    subscribers.delete(topic, client)
  }

  return {
    checkRoom,
    subscribe,
    deliverStored,
    unsubscribe,
    /** Subscriptions of all clients together. */
    get count(): number {
      return subscriptionCount
    },
    /** Topics with at least one subscriber. */
    get topics(): number {
      return subscribers.size
    },
  }
}

export type RelaySubscriptions = ReturnType<typeof relaySubscriptions>
