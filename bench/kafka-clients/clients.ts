// The Kafka clients under test behind one small interface, each set up as our service kit sets
// up kafkajs (packages/service-kit/src/kafka): an idempotent producer waiting for every in-sync
// replica, consumers in a group committing by hand once per batch of messages handled, and the
// group's lag read through the admin API (committed offset against the partition's end).
export interface Outgoing {
  key: string;
  value: string;
}

export interface Received {
  partition: number;
  offset: number;
  key: string;
  value: string;
}

export interface Sender {
  send(topic: string, messages: Outgoing[]): Promise<void>;
  close(): Promise<void>;
}

export interface Reader {
  close(): Promise<void>;
}

export interface ReadOptions {
  brokers: string[];
  topic: string;
  groupId: string;
  /** called for each message, in order within its partition */
  handle(message: Received): void;
  /** whether the offset after this message may be committed (a consumer that "dies" before
   *  committing says no) */
  commits?(message: Received): boolean;
  /** the library gave up on its own and will not come back: the caller starts a new reader */
  failed?(error: unknown): void;
}

export interface ClientUnderTest {
  name: string;
  version: string;
  sender(brokers: string[]): Sender;
  read(options: ReadOptions): Promise<Reader>;
  /** the group's lag on the topic, summed over partitions; a partition without a commit counts
   *  from its start */
  lag(brokers: string[], groupId: string, topic: string): Promise<number>;
}

/** A message as kafkajs and the confluent client hand it over in a batch. */
interface BatchMessage {
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
}

/** Hands a kafkajs-shaped batch to the reader in order (`each` after each message) and answers the
 *  offset to commit after it, if any. */
export function handleBatch(
  partition: number,
  messages: BatchMessage[],
  { handle, commits = () => true }: Pick<ReadOptions, 'handle' | 'commits'>,
  each?: (offset: string) => void,
): string | undefined {
  let next: string | undefined;
  for (const message of messages) {
    const received = {
      partition,
      offset: Number(message.offset),
      key: message.key?.toString() ?? '',
      value: message.value?.toString() ?? '',
    };
    handle(received);
    each?.(message.offset);
    if (commits(received)) next = String(received.offset + 1);
  }
  return next;
}

/** The admin API of kafkajs, which the confluent client copies. */
export interface KafkajsShapedAdmin {
  connect(): Promise<void>;
  fetchTopicOffsets(topic: string): Promise<{ partition: number; high: string; low: string }[]>;
  fetchOffsets(request: { groupId: string; topics: string[] }): Promise<{ partitions: { partition: number; offset: string }[] }[]>;
  disconnect(): Promise<void>;
}

/** `ClientUnderTest.lag` through a kafkajs-shaped admin API (a committed offset of -1 is none). */
export async function lagThroughAdmin(admin: KafkajsShapedAdmin, groupId: string, topic: string): Promise<number> {
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
}

/** How long the broker holds an empty fetch, and the group's timings: the same for all. */
export const MAX_WAIT_MS = 500;
export const SESSION_TIMEOUT_MS = 10_000;
export const HEARTBEAT_MS = 1_000;
