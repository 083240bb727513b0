// What the tests read from and write to the stack's Kafka topics, with the services' own client
// (@platformatic/kafka, docs/decisions/kafka-client.md): a topic read from its beginning, where a
// topic ends, what a consumer group has committed, messages sent as a service would send them, and
// topics of a test's own. Loaded through ./shop (@bazar/testing/shop), which loads the service kit.
import { randomUUID } from 'node:crypto';
import {
  Admin,
  compatibilityPartitioner,
  Consumer,
  ListOffsetTimestamps,
  MessagesStreamModes,
  ProduceAcks,
  Producer,
  stringDeserializers,
  stringSerializers,
} from '@platformatic/kafka';
import { stackEnv } from './stack';

/** As the services connect (packages/service-kit/src/kafka/client.ts), but patient: a test may ask
 *  just after the broker came back from a fault. */
const connection = () => ({
  clientId: 'bazar-tests',
  bootstrapBrokers: stackEnv.kafkaBrokers,
  connectTimeout: 5_000,
  timeout: 10_000,
  retries: 10,
  retryDelay: 500,
});

async function withAdmin<T>(use: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = new Admin(connection());
  try {
    return await use(admin);
  } finally {
    await admin.close();
  }
}

/** A message as a test reads it: the text its producer sent. */
export interface TopicMessage {
  partition: number;
  offset: bigint;
  key: string | undefined;
  value: string | undefined;
  headers: Map<string, string>;
  /** when it was sent, in ms since the epoch */
  timestamp: number;
}

/** Where each partition of `topic` ends now (the offset its next message will take), by partition. */
export function topicEnds(topic: string): Promise<Map<number, bigint>> {
  return withAdmin(async (admin) => {
    const count = (await admin.metadata({ topics: [topic] })).topics.get(topic)?.partitionsCount ?? 0;
    const partitions = [...Array(count).keys()].map((partitionIndex) => ({ partitionIndex, timestamp: ListOffsetTimestamps.LATEST }));
    const [listed] = await admin.listOffsets({ topics: [{ name: topic, partitions }] });
    return new Map((listed?.partitions ?? []).map(({ partitionIndex, offset }) => [partitionIndex, offset]));
  });
}

/** What consumer group `groupId` has committed: topic → partition → the offset it reads next. A
 *  partition it has committed nothing on is absent. */
export function committedOffsets(groupId: string): Promise<Map<string, Map<number, bigint>>> {
  return withAdmin(async (admin) => {
    const [group] = await admin.listConsumerGroupOffsets({ groups: [groupId] });
    return new Map(
      (group?.topics ?? []).map(({ name, partitions }) => [
        name,
        new Map(partitions.filter((p) => p.committedOffset >= 0n).map((p) => [p.partitionIndex, p.committedOffset])),
      ]),
    );
  });
}

/** Puts what `groupId` has committed on a partition of `topic` at `offset`, as if it had got no
 *  further: the group must have no members. */
export function commitOffset(groupId: string, topic: string, partition: number, offset: bigint): Promise<void> {
  return withAdmin((admin) =>
    admin.alterConsumerGroupOffsets({ groupId, topics: [{ name: topic, partitionOffsets: [{ partition, offset }] }] }),
  );
}

/** The ids of the consumer groups the broker knows (those of earlier runs' readers too). */
export function consumerGroupIds(): Promise<string[]> {
  return withAdmin(async (admin) => [...(await admin.listGroups()).keys()]);
}

/** What these consumer groups are now: their state (Stable, Empty, Dead for one the broker does not
 *  know, ...) and how many members each has. */
export function describeConsumerGroups(groupIds: string[]): Promise<{ groupId: string; state: string; members: number }[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return withAdmin(async (admin) =>
    [...(await admin.describeGroups({ groups: groupIds })).values()].map(({ id, state, members }) => ({
      groupId: id,
      state,
      members: members.size,
    })),
  );
}

/** An outgoing message: the key picks the partition as the services' producer does (Kafka's murmur2),
 *  so a test's message about an order lands beside that order's events. */
export interface MessageToSend {
  key: string;
  value: string;
  headers?: Record<string, string>;
}

export interface MessageSender {
  /** Sends `messages` to `topic` in one request, in order. */
  send(topic: string, messages: MessageToSend[]): Promise<void>;
  close(): Promise<void>;
}

/** A producer for a test that sends many times; `sendMessages` sends once. */
export function messageSender(): MessageSender {
  const producer = new Producer({
    ...connection(),
    serializers: stringSerializers,
    acks: ProduceAcks.ALL,
    autocreateTopics: false,
    partitioner: compatibilityPartitioner,
  });
  return {
    send: async (topic: string, messages: MessageToSend[]) =>
      void (await producer.send({ messages: messages.map((m) => ({ topic, ...m })) })),
    close: () => producer.close(),
  };
}

export async function sendMessages(topic: string, messages: MessageToSend[]): Promise<void> {
  const sender = messageSender();
  try {
    await sender.send(topic, messages);
  } finally {
    await sender.close();
  }
}

export interface TopicListener {
  /** by partition, the offset after the last message heard */
  readonly heardUpTo: ReadonlyMap<number, bigint>;
  /** why the listener stopped hearing, if it failed (the broker away past the retries) */
  readonly failure: unknown;
  stop(): Promise<void>;
}

/** Hears `topic` from its beginning, giving each message to `take` once as it comes, until `stop()`:
 *  a consumer group of its own that commits nothing, which the broker drops at its next clean-up. */
export async function hearTopic(topic: string, take: (message: TopicMessage) => void): Promise<TopicListener> {
  const consumer = new Consumer({
    ...connection(),
    groupId: `test-reader-${randomUUID()}`,
    deserializers: stringDeserializers,
    autocommit: false,
    maxWaitTime: 100,
  });
  const heardUpTo = new Map<number, bigint>();
  let failure: unknown;
  const stream = await consumer.consume({ topics: [topic], mode: MessagesStreamModes.EARLIEST }).catch(async (error: unknown) => {
    await consumer.close(true).catch(() => undefined);
    throw error;
  });
  stream.on('error', (error: unknown) => (failure ??= error));
  stream.on('data', (message) => {
    // after a rejoin of its group the stream starts again from the beginning: each message once
    if (message.offset < (heardUpTo.get(message.partition) ?? 0n)) return;
    heardUpTo.set(message.partition, message.offset + 1n);
    take({
      partition: message.partition,
      offset: message.offset,
      key: message.key,
      value: message.value,
      headers: message.headers,
      timestamp: Number(message.timestamp),
    });
  });
  return {
    heardUpTo,
    get failure() {
      return failure;
    },
    async stop() {
      await stream.close().catch(() => undefined);
      await consumer.close(true);
    },
  };
}

/** Reads every message on `topic` from its beginning up to where the topic ends when called (other
 *  tests may send meanwhile: reading past that is fine), giving each to `take`; then, until
 *  `enough()` says so or `moreWithinMs` have passed, what comes after. Throws when the end is not
 *  reached within `endWithinMs`. */
export async function readTopic(
  topic: string,
  take: (message: TopicMessage) => void,
  {
    enough = () => true,
    moreWithinMs = 0,
    endWithinMs = 60_000,
  }: { enough?: () => boolean; moreWithinMs?: number; endWithinMs?: number } = {},
): Promise<void> {
  const ends = await topicEnds(topic);
  const listener = await hearTopic(topic, take);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
  const heard = () => {
    if (listener.failure) throw listener.failure;
    return [...ends].every(([partition, end]) => (listener.heardUpTo.get(partition) ?? 0n) >= end);
  };
  try {
    const endBy = Date.now() + endWithinMs;
    while (!heard()) {
      if (Date.now() > endBy) throw new Error(`${topic} was not read to its end within ${endWithinMs / 1000} s`);
      await pause();
    }
    const moreBy = Date.now() + moreWithinMs;
    while (!enough() && Date.now() < moreBy) await pause();
  } finally {
    await listener.stop();
  }
}

/** Makes topics of a test's own (`partitions` each) and waits until each partition has a leader. */
export function makeTopics(topics: { topic: string; partitions: number }[]): Promise<void> {
  return withAdmin(async (admin) => {
    await admin.createTopics({ topics: topics.map(({ topic, partitions }) => ({ topic, partitions, replicas: 1 })) });
    await leadersElected(
      admin,
      topics.map(({ topic }) => topic),
    );
  });
}

export function deleteTopics(topics: string[]): Promise<void> {
  return withAdmin((admin) => admin.deleteTopics({ topics }));
}

/** Waits until every partition of `topics` has a leader to send to and read from. */
async function leadersElected(admin: Admin, topics: string[], withinMs = 10_000): Promise<void> {
  const by = Date.now() + withinMs;
  for (;;) {
    const led = await admin
      .metadata({ topics, forceUpdate: true })
      .then(({ topics: found }) => topics.every((topic) => found.get(topic)?.partitions.every((p) => p.leader >= 0)))
      .catch((error: unknown) => (Date.now() > by ? Promise.reject(error) : false));
    if (led) return;
    if (Date.now() > by) throw new Error(`no leader for every partition of ${topics.join(', ')} within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
