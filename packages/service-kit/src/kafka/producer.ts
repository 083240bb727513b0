import { randomUUID } from 'node:crypto';
import { compatibilityPartitioner, ProduceAcks, Producer, stringSerializers } from '@platformatic/kafka';
import type { Logger } from '../logger';
import { startSendSpans } from '../trace';
import type { KafkaConnection } from './client';

/** A message's headers, as the kit writes them (the trace's traceparent, a dead letter's reason). */
export type MessageHeaders = Record<string, string>;

export interface OutgoingMessage {
  topic: string;
  /** the aggregate id: events of one order (or product, user) stay in order on one partition */
  key: string;
  /** the serialized event */
  value: string;
  headers?: MessageHeaders;
}

/** The event envelope of the contracts: a fresh id (the consumers' idempotency key) and a time. */
export function newEvent<T extends string, P>(type: T, payload: P) {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), payload };
}

/** An idempotent producer (acks from all in-sync replicas) that connects on first use and again
 *  after the broker comes back. Keys go to partitions as Kafka's own clients put them (murmur2, as
 *  kafkajs did too), so an aggregate's events stay on the partition its earlier ones are on. */
export class EventProducer {
  private readonly producer: Producer<string, string, string, string>;

  constructor(
    kafka: KafkaConnection,
    private readonly log: Logger,
  ) {
    this.producer = new Producer({
      ...kafka,
      serializers: stringSerializers,
      idempotent: true,
      acks: ProduceAcks.ALL,
      autocreateTopics: false,
      partitioner: compatibilityPartitioner,
    });
  }

  /** Connects to the brokers now rather than on the first send (a failure says Kafka is away). */
  async connect(): Promise<void> {
    await this.producer.metadata({ topics: [] });
  }

  async send(...messages: OutgoingMessage[]): Promise<void> {
    const outgoing = messages.map(({ topic, key, value, headers }) => ({ topic, key, value, headers }));
    const sent = startSendSpans(outgoing);
    try {
      await this.producer.send({ messages: outgoing });
      sent();
    } catch (err) {
      sent(err);
      throw err;
    }
  }

  /** Waits for sends in flight, then closes the connection. */
  async disconnect(): Promise<void> {
    await this.producer.close().catch((err: unknown) => this.log.warn({ err }, 'producer disconnect failed'));
  }
}
