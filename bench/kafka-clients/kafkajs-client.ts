// kafkajs, the client the services used until 2026-12-07, set up as the service kit set it up: the baseline.
import { createRequire } from 'node:module';
import { HEARTBEAT_MS, MAX_WAIT_MS, SESSION_TIMEOUT_MS, handleBatch, lagThroughAdmin, type ClientUnderTest } from './clients';

const requireHere = createRequire(__filename);

/** kafkajs (this bench's own packages), with the timeouts and retries the service kit gave it. */
export function kafkajsClient(): ClientUnderTest {
  const name = 'kafkajs';
  const { Kafka, logLevel } = requireHere('kafkajs') as typeof import('kafkajs');
  const kafkaOf = (brokers: string[]) =>
    new Kafka({
      clientId: `bench-${name}`,
      brokers,
      connectionTimeout: 2_000,
      requestTimeout: 10_000,
      retry: { initialRetryTime: 200, retries: 3, maxRetryTime: 2_000 },
      logLevel: logLevel.NOTHING,
    });
  return {
    name,
    version: (requireHere('kafkajs/package.json') as { version: string }).version,
    sender(brokers) {
      const producer = kafkaOf(brokers).producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
      let connected = false;
      producer.on(producer.events.CONNECT, () => (connected = true));
      producer.on(producer.events.DISCONNECT, () => (connected = false));
      return {
        async send(topic, messages) {
          if (!connected) await producer.connect();
          await producer.sendBatch({ acks: -1, topicMessages: [{ topic, messages }] });
        },
        close: () => producer.disconnect(),
      };
    },
    async read({ brokers, topic, groupId, handle, commits, failed }) {
      const consumer = kafkaOf(brokers).consumer({
        groupId,
        maxWaitTimeInMs: MAX_WAIT_MS,
        sessionTimeout: SESSION_TIMEOUT_MS,
        heartbeatInterval: HEARTBEAT_MS,
        retry: { retries: 5 },
      });
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (!payload.restart) failed?.(payload.error);
      });
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch, resolveOffset, heartbeat }) => {
          const next = handleBatch(batch.partition, batch.messages, { handle, commits }, resolveOffset);
          await heartbeat();
          if (next !== undefined) await consumer.commitOffsets([{ topic, partition: batch.partition, offset: next }]);
        },
      });
      return { close: () => consumer.disconnect() };
    },
    lag: (brokers, groupId, topic) => lagThroughAdmin(kafkaOf(brokers).admin(), groupId, topic),
  };
}
