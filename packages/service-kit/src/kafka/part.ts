import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { watchOutbox } from '../metrics';
import type { KafkaPart, ServiceKafka } from '../parts';
import { createKafka } from './client';
import { EventConsumer, consumerGroupId, type EventHandler } from './consumer';
import { Announcer, OutboxRelay, type OutboxModel } from './outbox';
import { EventProducer } from './producer';
import { KafkaProbe } from './probe';

/** The Kafka part of a service (createService's `parts.kafka`). */
export const kafkaPart: KafkaPart = {
  part: 'kafka',
  open({ service, brokers, log, leases }): ServiceKafka {
    const kafka = createKafka(service, brokers);
    const producer = new EventProducer(kafka, log);
    const probe = new KafkaProbe(kafka);
    const relays = new Map<OutboxModel, OutboxRelay>();
    const consumers: EventConsumer<z.ZodType<{ id: string }>>[] = [];
    // a handler every replica runs hears every event in a consumer group of its own
    const groupOf = (handler: EventHandler<z.ZodType<{ id: string }>>) =>
      consumerGroupId(service, handler.topic) + (handler.everyReplica ? `.${randomUUID()}` : '');
    return {
      producer,
      announcer: new Announcer((model, written) => {
        const relay = relays.get(model);
        if (!relay) throw new Error(`${model.modelName} is not among the service's outboxes`);
        relay.nudge(written);
      }),
      take(wiring) {
        for (const model of wiring.outboxes ?? []) {
          relays.set(model, new OutboxRelay({ model, producer, log, leases }));
          watchOutbox(model);
        }
        for (const handler of wiring.consumers ?? [])
          consumers.push(new EventConsumer({ kafka, groupId: groupOf(handler), handler, producer, log }));
      },
      get inUse() {
        return relays.size > 0 || consumers.length > 0;
      },
      checks() {
        if (!this.inUse) return {};
        return {
          kafka: probe.isReachable ? 'up' : 'down',
          ...(consumers.length > 0 && { consumers: consumers.every((c) => c.isHealthy) ? 'up' : 'down' }),
        };
      },
      listening() {
        const live = consumers.filter((consumer) => consumer.everyReplica);
        return live.every((consumer) => consumer.isListening) || probe.isAway;
      },
      connect() {
        if (!this.inUse) return;
        probe.start();
        producer.connect().catch((err: unknown) => log.warn({ err }, 'kafka not reachable yet; events wait in the outbox'));
      },
      start() {
        consumers.forEach((consumer) => consumer.start());
        relays.forEach((relay) => relay.start());
      },
      async stop() {
        await Promise.all([...[...relays.values()].map((r) => r.stop()), ...consumers.map((c) => c.stop())]);
        await producer.disconnect();
        await probe.stop();
      },
    };
  },
};
