// A message on order-placed that cannot be read goes to order-placed.dlq, from the cart's and from
// the catalog's consumer, and neither consumer stalls on it: a valid event sent after it, on the
// same partition, is applied.
import { randomUUID } from 'node:crypto';
import { TOPICS, deadLetterTopic, type OrderPlaced } from '@bazar/contracts';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { ORDER_PLACED_GROUPS, shopper, TestShelf } from '../test/shop';
import { eventually, stackEnv } from '@bazar/testing';

const kafka = new Kafka({ clientId: 'poison-events-test', brokers: stackEnv.kafkaBrokers, logLevel: logLevel.NOTHING });
const shelf = new TestShelf();
const me = shopper('poison');

afterAll(() => shelf.clear());

it('dead-letters unreadable order-placed messages once per consumer and applies the valid event after them', async () => {
  const lentils = await shelf.stock('Lentils', 120, 10);
  expect((await me.addToCart(lentils, 2)).status).toBe(201);
  const [line] = await me.cart();

  const marker = randomUUID();
  const poison = [`not json ${marker}`, JSON.stringify({ id: marker, type: 'OrderPlaced', payload: { userEmail: me.email } })];
  const valid: OrderPlaced = {
    id: randomUUID(),
    type: 'OrderPlaced',
    occurredAt: new Date().toISOString(),
    payload: {
      orderId: new mongoose.Types.ObjectId().toString(),
      userEmail: me.email,
      items: [{ productId: lentils, quantity: 2 }],
      cartLineIds: [line!._id],
    },
  };
  // one key for all three: one partition, so the valid event is only reached past the poison
  const key = `poison-${marker}`;
  const producer = kafka.producer();
  await producer.connect();
  await producer.send({ topic: TOPICS.orderPlaced, messages: [...poison, JSON.stringify(valid)].map((value) => ({ key, value })) });
  await producer.disconnect();

  await eventually(async () => expect(await me.cart()).toEqual([]));
  await eventually(async () => expect(await shelf.stockOf(lentils)).toBe(8));

  const dlq = kafka.consumer({ groupId: `poison-events-test-${marker}`, maxWaitTimeInMs: 100 });
  const dead: { value: string; reason: string }[] = [];
  await dlq.connect();
  await dlq.subscribe({ topic: deadLetterTopic(TOPICS.orderPlaced), fromBeginning: true });
  await dlq.run({
    eachMessage: async ({ message }) => {
      if (message.key?.toString() === key)
        dead.push({ value: message.value?.toString() ?? '', reason: message.headers?.['x-dlq-reason']?.toString() ?? '' });
    },
  });
  try {
    // each consumer group sends each poison message once, with the reason it could not read it
    await eventually(async () => expect(dead).toHaveLength(ORDER_PLACED_GROUPS.length * poison.length));
    expect(dead.filter((d) => d.value === poison[0])).toEqual(ORDER_PLACED_GROUPS.map(() => ({ value: poison[0], reason: 'not JSON' })));
    expect(dead.filter((d) => d.value === poison[1])).toEqual(
      ORDER_PLACED_GROUPS.map(() => ({ value: poison[1], reason: expect.stringContaining('occurredAt') })),
    );
  } finally {
    await dlq.disconnect();
  }
});
