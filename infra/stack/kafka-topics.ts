import { Kafka, logLevel } from 'kafkajs';
import { TOPICS, deadLetterTopic, type Topic } from '../../packages/contracts/src/topics.ts';

/**
 * Partitions per topic, a deployment choice kept here; the names come from the contracts. order-placed
 * is keyed by order id and spread over partitions; the others are low-volume.
 */
const PARTITIONS = {
  [TOPICS.orderPlaced]: 3,
  [TOPICS.orderStatusChanged]: 3,
  [TOPICS.roleChanged]: 1,
  [TOPICS.userDeleted]: 1,
  [TOPICS.productChanged]: 1,
} satisfies Record<Topic, number>;

export async function createTopics(brokers: string): Promise<void> {
  const admin = new Kafka({ clientId: 'bazar-stack', brokers: [brokers], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topics = Object.entries(PARTITIONS).flatMap(([topic, numPartitions]) => [
      { topic, numPartitions, replicationFactor: 1 },
      { topic: deadLetterTopic(topic), numPartitions: 1, replicationFactor: 1 },
    ]);
    // Existing topics are left as they are, so this is safe on every start.
    await admin.createTopics({ topics, waitForLeaders: true });
  } finally {
    await admin.disconnect();
  }
}
