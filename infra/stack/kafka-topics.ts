import { Admin } from '@platformatic/kafka';
import { TOPICS, deadLetterTopic } from '../../packages/contracts/src/topics.ts';

/**
 * Partitions of every topic, a deployment choice kept here; the names come from the contracts. Every
 * event is keyed by its aggregate's id (an order's, a user's, a product's), so one aggregate's events
 * stay in order on one partition, and six partitions let a consumer group share a topic among up to
 * six replicas. The cluster's KafkaTopics (infra/k8s) say the same.
 */
export const PARTITIONS = 6;

/** Makes the topics (`names`, the contracts' by default) and their dead-letter twins. */
export async function createTopics(brokers: string, names: string[] = Object.values(TOPICS)): Promise<void> {
  // called as soon as the broker listens: patient while it finishes starting
  const admin = new Admin({ clientId: 'bazar-stack', bootstrapBrokers: [brokers], retries: 10, retryDelay: 500 });
  try {
    const wanted = names.flatMap((topic) => [
      { topic, partitions: PARTITIONS, replicas: 1 },
      { topic: deadLetterTopic(topic), partitions: 1, replicas: 1 },
    ]);
    // Kafka refuses a whole request that names a topic already there, so only the missing ones are
    // asked for and existing topics are left as they are: this is safe on every start.
    const existing = new Set(await admin.listTopics());
    const missing = wanted.filter(({ topic }) => !existing.has(topic));
    if (missing.length > 0)
      await admin.createTopics({ topics: missing }).catch(async (error: unknown) => {
        // made meanwhile (a retried request whose first attempt went through): all that matters is that they exist
        const now = new Set(await admin.listTopics());
        if (missing.some(({ topic }) => !now.has(topic))) throw error;
      });
    const found = await ledTopics(
      admin,
      wanted.map(({ topic }) => topic),
    );
    // A topic an older stack made with fewer partitions gets the rest (keys then map to other
    // partitions for new events, which consumers that skip repeats by event id take in their stride).
    const short = names.filter((name) => (found.get(name) ?? PARTITIONS) < PARTITIONS).map((name) => ({ name, count: PARTITIONS }));
    if (short.length > 0) await admin.createPartitions({ topics: short });
  } finally {
    await admin.close();
  }
}

/** The partition count of each of `topics`, once every partition has a leader (services start next). */
async function ledTopics(admin: Admin, topics: string[], withinMs = 30_000): Promise<Map<string, number>> {
  const by = Date.now() + withinMs;
  for (;;) {
    const metadata = await admin.metadata({ topics, forceUpdate: true }).catch((error: unknown) => {
      if (Date.now() > by) throw error;
      return undefined;
    });
    const led = metadata && topics.every((topic) => metadata.topics.get(topic)?.partitions.every((partition) => partition.leader >= 0));
    if (metadata && led) return new Map(topics.map((topic) => [topic, metadata.topics.get(topic)?.partitionsCount ?? 0]));
    if (Date.now() > by) throw new Error(`Kafka named no leader for every partition of the stack's topics within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
