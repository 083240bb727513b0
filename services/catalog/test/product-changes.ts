// What the catalog's tests hear of the product-changed events its writes publish.
import { ProductChanged, TOPICS } from '@bazar/contracts';
import { hearTopic } from '@bazar/testing/shop';

/** The product-changed events on the topic, from its beginning, collected as they come until
 *  `stop()`. The topic also holds what earlier runs published, in whatever shape they had then: only
 *  the events this version reads are kept. */
export async function productChangesHeard(): Promise<{ heard: ProductChanged[]; stop: () => Promise<void> }> {
  const heard: ProductChanged[] = [];
  const listener = await hearTopic(TOPICS.productChanged, (message) => {
    const event = ProductChanged.safeParse(JSON.parse(message.value ?? 'null'));
    if (event.success) heard.push(event.data);
  });
  return { heard, stop: () => listener.stop() };
}
