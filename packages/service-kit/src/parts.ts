// What createService takes of each part a service uses. The parts' modules (`@bazar/service-kit/mongo`,
// `/redis`, `/kafka`) export these objects and take their types from here. This module names only
// types, each client's from its library rather than from the part's module (which imports this one),
// so the kit's root loads none of mongoose, ioredis or the Kafka client.
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { EventHandler } from './kafka/consumer';
import type { Announcer, OutboxModel } from './kafka/outbox';
import type { EventProducer } from './kafka/producer';
import type { Leases } from './leases';
import type { Logger } from './logger';

/** MongoDB through mongoose, at MONGO_URL / MONGO_DB. */
export interface MongoPart {
  readonly part: 'mongo';
  connect(url: string, dbName: string, log: Logger): Promise<unknown>;
  connected(): boolean;
  disconnect(): Promise<void>;
}

/** Redis at REDIS_URL: the service's client, and the leases of its periodic work. */
export interface RedisPart {
  readonly part: 'redis';
  create(url: string, log: Logger): Redis;
  ready(redis: Redis): boolean;
}

/** Kafka at KAFKA_BROKERS: the service's producer, the outboxes' relays and its consumers. */
export interface KafkaPart {
  readonly part: 'kafka';
  open(options: { service: string; brokers: string[]; log: Logger; leases?: Leases }): ServiceKafka;
}

/** What a service's events go through (`KafkaPart.open`). */
export interface ServiceKafka {
  readonly producer: EventProducer;
  readonly announcer: Announcer;
  /** The consumers and outboxes of the service's wiring. */
  take(wiring: { consumers?: EventHandler<z.ZodType<{ id: string }>>[]; outboxes?: OutboxModel[] }): void;
  /** Whether the service sends or consumes events at all. */
  readonly inUse: boolean;
  checks(): Record<string, 'up' | 'down'>;
  /** Whether each every-replica consumer (a live stream's source) hears the events sent from now on,
   *  or there is no broker to hear them from: a replica is ready to serve only then. */
  listening(): boolean;
  /** Before the service listens: the probe of the brokers, the producer's connection. */
  connect(): void;
  /** Once it listens: the consumers and relays. */
  start(): void;
  stop(): Promise<void>;
}

/** The parts a service takes, by name. */
export interface Parts {
  mongo?: MongoPart;
  redis?: RedisPart;
  kafka?: KafkaPart;
}
export type PartName = keyof Parts;
