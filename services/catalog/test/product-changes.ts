// What the catalog's tests hear of the product-changed events its writes publish.
import { ProductChanged, TOPICS } from '@bazar/contracts';
import type { Kafka } from 'kafkajs';

/** The product-changed events on the topic, from its beginning, collected as they come by a consumer
 *  group of the caller's own until `stop()`. The topic also holds what earlier runs published, in
 *  whatever shape they had then: only the events this version reads are kept. */
export async function productChangesHeard(kafka: Kafka, groupId: string): Promise<{ heard: ProductChanged[]; stop: () => Promise<void> }> {
  const heard: ProductChanged[] = [];
  const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic: TOPICS.productChanged, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const event = ProductChanged.safeParse(JSON.parse(message.value?.toString() ?? 'null'));
      if (event.success) heard.push(event.data);
    },
  });
  return { heard, stop: () => consumer.disconnect() };
}
