import { Kafka, logLevel } from 'kafkajs';
import { TOPICS, deadLetterTopic } from '../../packages/contracts/src/topics.ts';

/**
 * Partitions of every topic, a deployment choice kept here; the names come from the contracts. Every
 * event is keyed by its aggregate's id (an order's, a user's, a product's), so one aggregate's events
 * stay in order on one partition, and six partitions let a consumer group share a topic among up to
 * six replicas. The cluster's KafkaTopics (infra/k8s) say the same.
 */
export const PARTITIONS = 6;

export async function createTopics(brokers: string): Promise<void> {
  const admin = new Kafka({ clientId: 'bazar-stack', brokers: [brokers], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const names = Object.values(TOPICS);
    const topics = names.flatMap((topic) => [
      { topic, numPartitions: PARTITIONS, replicationFactor: 1 },
      { topic: deadLetterTopic(topic), numPartitions: 1, replicationFactor: 1 },
    ]);
    // Existing topics are left as they are, so this is safe on every start; a topic an older stack
    // made with fewer partitions gets the rest (keys then map to other partitions for new events,
    // which consumers that skip repeats by event id take in their stride).
    await admin.createTopics({ topics, waitForLeaders: true });
    const { topics: found } = await admin.fetchTopicMetadata({ topics: names });
    const short = found.filter(({ partitions }) => partitions.length < PARTITIONS).map(({ name }) => ({ topic: name, count: PARTITIONS }));
    if (short.length > 0) await admin.createPartitions({ topicPartitions: short, validateOnly: false });
  } finally {
    await admin.disconnect();
  }
}
