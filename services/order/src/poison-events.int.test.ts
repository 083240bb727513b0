// A message on order-status-changed that cannot be read goes to order-status-changed.dlq from the
// catalog's consumer, once, and the consumer does not stall on it: a valid event sent after it, on
// the same partition, is applied (a cancelled order's units come back).
import { randomUUID } from 'node:crypto';
import { TOPICS, deadLetterTopic, type OrderStatusChanged } from '@bazar/contracts';
import mongoose from 'mongoose';
import { hearTopic, ORDER_EVENT_GROUPS, sendMessages, serviceHeaders, TestShelf } from '@bazar/testing/shop';
import { eventually, stackEnv } from '@bazar/testing';

const shelf = new TestShelf();

afterAll(() => shelf.clear());

it('dead-letters unreadable order-status-changed messages once per consumer and applies the valid event after them', async () => {
  const lentils = await shelf.stock('Lentils', 120, 10);
  const reservationId = new mongoose.Types.ObjectId().toString();
  const held = await fetch(`${stackEnv.catalogUrl}/internal/reservations/${reservationId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...serviceHeaders('order') },
    body: JSON.stringify({ items: [{ productId: lentils, quantity: 2 }] }),
  });
  expect(held.status).toBe(201);
  expect(await shelf.stockOf(lentils)).toBe(8);

  const marker = randomUUID();
  const poison = [`not json ${marker}`, JSON.stringify({ id: marker, type: 'OrderStatusChanged', payload: { status: 'cancelled' } })];
  const valid: OrderStatusChanged = {
    id: randomUUID(),
    type: 'OrderStatusChanged',
    occurredAt: new Date().toISOString(),
    payload: {
      orderId: new mongoose.Types.ObjectId().toString(),
      userId: `poison-${marker}`,
      reservationId,
      status: 'cancelled',
      by: 'shopper',
    },
  };
  // one key for all three: one partition, so the valid event is only reached past the poison
  const key = `poison-${marker}`;
  await sendMessages(
    TOPICS.orderStatusChanged,
    [...poison, JSON.stringify(valid)].map((value) => ({ key, value })),
  );

  await eventually(async () => expect(await shelf.stockOf(lentils)).toBe(10));

  const dead: { value: string; reason: string }[] = [];
  const dlq = await hearTopic(deadLetterTopic(TOPICS.orderStatusChanged), (message) => {
    if (message.key === key) dead.push({ value: message.value ?? '', reason: message.headers.get('x-dlq-reason') ?? '' });
  });
  try {
    // each consumer group sends each poison message once, with the reason it could not read it
    await eventually(async () => expect(dead).toHaveLength(ORDER_EVENT_GROUPS.length * poison.length));
    expect(dead.filter((d) => d.value === poison[0])).toEqual(ORDER_EVENT_GROUPS.map(() => ({ value: poison[0], reason: 'not JSON' })));
    expect(dead.filter((d) => d.value === poison[1])).toEqual(
      ORDER_EVENT_GROUPS.map(() => ({ value: poison[1], reason: expect.stringContaining('occurredAt') })),
    );
  } finally {
    await dlq.stop();
  }
});
