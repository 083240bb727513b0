// The bench's own topics, made and deleted with @platformatic/kafka (the bench's one installed
// client, the services' own) whichever client is measured.
import { Admin } from '@platformatic/kafka';

async function withAdmin<T>(brokers: string[], use: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = new Admin({ clientId: 'bench-setup', bootstrapBrokers: brokers, retries: 10, retryDelay: 500 });
  try {
    return await use(admin);
  } finally {
    await admin.close();
  }
}

/** Makes `topic` and waits until each of its partitions has a leader to send to. */
export function createTopic(brokers: string[], topic: string, partitions: number): Promise<void> {
  return withAdmin(brokers, async (admin) => {
    await admin.createTopics({ topics: [{ topic, partitions, replicas: 1 }] });
    for (let tries = 0; ; tries++) {
      const found = await admin.metadata({ topics: [topic], forceUpdate: true }).catch(() => undefined);
      if (found?.topics.get(topic)?.partitions.every((partition) => partition.leader >= 0)) return;
      if (tries === 100) throw new Error(`no leader for every partition of ${topic} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}

export function deleteTopics(brokers: string[], topics: string[]): Promise<void> {
  return withAdmin(brokers, (admin) => admin.deleteTopics({ topics }));
}
