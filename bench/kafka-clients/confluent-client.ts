// @confluentinc/kafka-javascript's kafkajs-compatible API with the settings of our kafkajs client.
import { createRequire } from 'node:module';
import {
  HEARTBEAT_MS,
  MAX_WAIT_MS,
  SESSION_TIMEOUT_MS,
  handleBatch,
  lagThroughAdmin,
  type ClientUnderTest,
  type KafkajsShapedAdmin,
  type Outgoing,
} from './clients';

const requireHere = createRequire(__filename);

/** The shape of @confluentinc/kafka-javascript's kafkajs-compatible API that the bench uses. */
interface ConfluentKafkaJS {
  Kafka: new (config: object) => {
    producer(config: object): {
      connect(): Promise<void>;
      send(record: { topic: string; messages: Outgoing[] }): Promise<unknown>;
      disconnect(): Promise<void>;
    };
    consumer(config: object): {
      connect(): Promise<void>;
      subscribe(subscription: { topics: string[] }): Promise<void>;
      run(config: {
        eachBatch(payload: {
          batch: { partition: number; messages: { offset: string; key: Buffer | null; value: Buffer | null }[] };
        }): Promise<void>;
      }): Promise<void>;
      commitOffsets(offsets: { topic: string; partition: number; offset: string }[]): Promise<void>;
      disconnect(): Promise<void>;
    };
    admin(): KafkajsShapedAdmin;
  };
  logLevel: { NOTHING: number };
}

/** @confluentinc/kafka-javascript's kafkajs-compatible API over librdkafka, loaded from where it was
 *  built (KAFKA_CONFLUENT_PATH, outside the repo: its install downloads a prebuilt binary). */
export function confluentClient(path: string): ClientUnderTest {
  const { KafkaJS } = requireHere(path) as { KafkaJS: ConfluentKafkaJS };
  const kafkaOf = (brokers: string[]) =>
    new KafkaJS.Kafka({
      kafkaJS: {
        clientId: 'bench-confluent',
        brokers,
        connectionTimeout: 2_000,
        requestTimeout: 10_000,
        retry: { initialRetryTime: 200, retries: 3, maxRetryTime: 2_000 },
        logLevel: KafkaJS.logLevel.NOTHING,
      },
    });
  return {
    name: 'confluent',
    version: (requireHere(`${path}/package.json`) as { version: string }).version,
    sender(brokers) {
      const newProducer = () => kafkaOf(brokers).producer({ kafkaJS: { idempotent: true, acks: -1, allowAutoTopicCreation: false } });
      let producer = newProducer();
      let connecting: Promise<void> | undefined;
      return {
        async send(topic, messages) {
          // connect() waits for a broker (about 30 s) rather than failing at once, and a producer
          // whose connect failed refuses to connect again ("Connect has already been called
          // elsewhere"): the next send gets a new one
          connecting ??= producer.connect().catch((error: unknown) => {
            connecting = undefined;
            void producer.disconnect().catch(() => undefined);
            producer = newProducer();
            throw error;
          });
          await connecting;
          await producer.send({ topic, messages });
        },
        close: () => producer.disconnect(),
      };
    },
    async read({ brokers, topic, groupId, handle, commits }) {
      // It restarts on its own after any failure (retry.restartOnFailure cannot be turned off), so
      // there is no `failed` to report; it emits none of kafkajs's instrumentation events either.
      const consumer = kafkaOf(brokers).consumer({
        kafkaJS: {
          groupId,
          fromBeginning: true,
          autoCommit: false,
          maxWaitTimeInMs: MAX_WAIT_MS,
          sessionTimeout: SESSION_TIMEOUT_MS,
          heartbeatInterval: HEARTBEAT_MS,
        },
        // a batch is at most 32 messages by default; kafkajs hands over what one fetch brought
        'js.consumer.max.batch.size': 1_000,
      });
      await consumer.connect();
      await consumer.subscribe({ topics: [topic] });
      await consumer.run({
        eachBatch: async ({ batch }) => {
          const next = handleBatch(batch.partition, batch.messages, { handle, commits });
          if (next !== undefined) await consumer.commitOffsets([{ topic, partition: batch.partition, offset: next }]);
        },
      });
      return { close: () => consumer.disconnect() };
    },
    lag: (brokers, groupId, topic) => lagThroughAdmin(kafkaOf(brokers).admin(), groupId, topic),
  };
}
