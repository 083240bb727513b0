import { randomUUID } from 'node:crypto';
import { Partitioners, type Kafka, type Producer, type IHeaders } from 'kafkajs';
import type { Logger } from '../logger';
import { startSendSpans } from '../trace';

export interface OutgoingMessage {
  topic: string;
  /** the aggregate id: events of one order (or product, user) stay in order on one partition */
  key: string;
  /** the serialized event */
  value: string;
  headers?: IHeaders;
}

/** The event envelope of the contracts: a fresh id (the consumers' idempotency key) and a time. */
export function newEvent<T extends string, P>(type: T, payload: P) {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), payload };
}

/** An idempotent producer (acks from all in-sync replicas) that connects on first use and again
 *  after the broker comes back. */
export class EventProducer {
  private readonly producer: Producer;
  private connecting: Promise<void> | undefined;
  private connected = false;

  constructor(
    kafka: Kafka,
    private readonly log: Logger,
  ) {
    this.producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.producer.on(this.producer.events.CONNECT, () => (this.connected = true));
    this.producer.on(this.producer.events.DISCONNECT, () => (this.connected = false));
  }

  get isConnected(): boolean {
    return this.connected;
  }

  async connect(): Promise<void> {
    this.connecting ??= this.producer.connect().finally(() => (this.connecting = undefined));
    await this.connecting;
  }

  async send(...messages: OutgoingMessage[]): Promise<void> {
    if (!this.connected) await this.connect();
    const outgoing = messages.map(({ topic, key, value, headers }) => ({ topic, key, value, headers }));
    const sent = startSendSpans(outgoing);
    const byTopic = new Map<string, OutgoingMessage[]>();
    for (const message of outgoing) byTopic.set(message.topic, [...(byTopic.get(message.topic) ?? []), message]);
    try {
      await this.producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, list]) => ({
          topic,
          messages: list.map(({ key, value, headers }) => ({ key, value, headers })),
        })),
      });
      sent();
    } catch (err) {
      sent(err);
      throw err;
    }
  }

  /** Waits for sends in flight, then closes the connection. */
  async disconnect(): Promise<void> {
    await this.producer.disconnect().catch((err: unknown) => this.log.warn({ err }, 'producer disconnect failed'));
  }
}
