import { Kafka, logLevel } from 'kafkajs';

/**
 * The topics of the store with explicit partition counts. order-placed is keyed by order id and
 * spread over partitions; the others are low-volume. Every topic has a dead-letter twin.
 */
const TOPICS: Record<string, number> = {
  'order-placed': 3,
  'role-changed': 1,
  'user-deleted': 1,
  'product-changed': 1,
};

export async function createTopics(brokers: string): Promise<void> {
  const admin = new Kafka({ clientId: 'bazar-stack', brokers: [brokers], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topics = Object.entries(TOPICS).flatMap(([topic, numPartitions]) => [
      { topic, numPartitions, replicationFactor: 1 },
      { topic: `${topic}.dlq`, numPartitions: 1, replicationFactor: 1 },
    ]);
    // Existing topics are left as they are, so this is safe on every start.
    await admin.createTopics({ topics, waitForLeaders: true });
  } finally {
    await admin.disconnect();
  }
}
