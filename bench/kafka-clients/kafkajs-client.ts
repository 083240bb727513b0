// kafkajs as the service kit drives it (packages/service-kit/src/kafka): the client under test now.
import { createRequire } from 'node:module';
import { HEARTBEAT_MS, MAX_WAIT_MS, SESSION_TIMEOUT_MS, type ClientUnderTest } from './clients';

const requireHere = createRequire(__filename);

/** kafkajs from `path` (the root's, patched, unless told otherwise), with the timeouts and retries
 *  of the service kit's client.ts. */
export function kafkajsClient(name: string, path: string): ClientUnderTest {
  const { Kafka, logLevel } = requireHere(path) as typeof import('kafkajs');
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
    version: (requireHere(`${path}/package.json`) as { version: string }).version,
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
    async read({ brokers, topic, groupId, handle, commits = () => true, failed }) {
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
          let last: number | undefined;
          for (const message of batch.messages) {
            const received = {
              partition: batch.partition,
              offset: Number(message.offset),
              key: message.key?.toString() ?? '',
              value: message.value?.toString() ?? '',
            };
            handle(received);
            resolveOffset(message.offset);
            if (commits(received)) last = received.offset;
          }
          await heartbeat();
          if (last !== undefined) await consumer.commitOffsets([{ topic, partition: batch.partition, offset: String(last + 1) }]);
        },
      });
      return { close: () => consumer.disconnect() };
    },
    async lag(brokers, groupId, topic) {
      const admin = kafkaOf(brokers).admin();
      await admin.connect();
      try {
        const ends = await admin.fetchTopicOffsets(topic);
        const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
        return ends.reduce((sum, { partition, high, low }) => {
          const offset = Number(committed?.partitions.find((p) => p.partition === partition)?.offset ?? -1);
          return sum + Number(high) - (offset < 0 ? Number(low) : offset);
        }, 0);
      } finally {
        await admin.disconnect();
      }
    },
  };
}
