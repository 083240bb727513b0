// @platformatic/kafka with the settings of our kafkajs client, as far as its options go.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  Admin as PlatformaticAdmin,
  Consumer as PlatformaticConsumer,
  MessagesStreamFallbackModes,
  MessagesStreamModes,
  ProduceAcks,
  Producer as PlatformaticProducer,
  stringDeserializers,
  stringSerializers,
} from '@platformatic/kafka';
import { HEARTBEAT_MS, MAX_WAIT_MS, SESSION_TIMEOUT_MS, type ClientUnderTest } from './clients';

const requireHere = createRequire(__filename);

/** @platformatic/kafka: pure JavaScript, its own API (streams of messages, bigint offsets). */
export function platformaticClient(): ClientUnderTest {
  const base = (brokers: string[]) => ({
    clientId: 'bench-platformatic',
    bootstrapBrokers: brokers,
    timeout: 10_000,
    retries: 3,
    retryDelay: 200,
  });
  return {
    name: 'platformatic',
    // its package.json is not exported: it lies one folder above the entry point
    version: (requireHere(join(dirname(requireHere.resolve('@platformatic/kafka')), '..', 'package.json')) as { version: string }).version,
    sender(brokers) {
      const producer = new PlatformaticProducer({
        ...base(brokers),
        serializers: stringSerializers,
        idempotent: true,
        acks: ProduceAcks.ALL,
        autocreateTopics: false,
      });
      return {
        send: async (topic, messages) => void (await producer.send({ messages: messages.map((m) => ({ topic, ...m })) })),
        close: () => producer.close(),
      };
    },
    async read({ brokers, topic, groupId, handle, commits = () => true, failed }) {
      const consumer = new PlatformaticConsumer({
        ...base(brokers),
        groupId,
        deserializers: stringDeserializers,
        autocommit: false,
        maxWaitTime: MAX_WAIT_MS,
        sessionTimeout: SESSION_TIMEOUT_MS,
        heartbeatInterval: HEARTBEAT_MS,
      });
      const stream = await consumer.consume({
        topics: [topic],
        mode: MessagesStreamModes.COMMITTED,
        fallbackMode: MessagesStreamFallbackModes.EARLIEST,
      });
      stream.on('error', (error: unknown) => failed?.(error));
      // One commit per fetch, as our kafkajs consumer does: the messages of a fetch arrive in one
      // turn of the event loop, and after it the last one of each partition that may be committed
      // is (its commit covers those before it). The stream's buffer is empty after every message in
      // flowing mode, so "nothing buffered" would commit each one.
      const toCommit = new Map<number, { commit(): unknown }>();
      let flush: NodeJS.Immediate | undefined;
      stream.on('data', (message) => {
        const received = { partition: message.partition, offset: Number(message.offset), key: message.key, value: message.value };
        handle(received);
        if (commits(received)) toCommit.set(message.partition, message);
        flush ??= setImmediate(() => {
          flush = undefined;
          for (const last of toCommit.values()) void Promise.resolve(last.commit()).catch((error: unknown) => failed?.(error));
          toCommit.clear();
        });
      });
      return {
        async close() {
          await stream.close();
          await consumer.close(true);
        },
      };
    },
    async lag(brokers, groupId, topic) {
      const admin = new PlatformaticAdmin(base(brokers));
      try {
        const metadata = await admin.metadata({ topics: [topic] });
        const partitions = [...Array(metadata.topics.get(topic)?.partitionsCount ?? 0).keys()];
        const [ends, earliest] = await Promise.all(
          [-1n, -2n].map((timestamp) =>
            admin.listOffsets({
              topics: [{ name: topic, partitions: partitions.map((partitionIndex) => ({ partitionIndex, timestamp })) }],
            }),
          ),
        );
        const [group] = await admin.listConsumerGroupOffsets({ groups: [groupId] });
        const committed = group?.topics.find((t) => t.name === topic)?.partitions ?? [];
        return (ends?.[0]?.partitions ?? []).reduce((sum, { partitionIndex, offset }) => {
          const at = committed.find((p) => p.partitionIndex === partitionIndex)?.committedOffset ?? -1n;
          const start = earliest?.[0]?.partitions.find((p) => p.partitionIndex === partitionIndex)?.offset ?? 0n;
          return sum + Number(offset - (at < 0n ? start : at));
        }, 0);
      } finally {
        await admin.close();
      }
    },
  };
}
