// A live order stream that reconnects loses no change (issue 53). The browser's stream ends every
// minute (its identity expires) and reconnects; every change comes with its position in a log the
// order replicas share (the event's id), and a stream opened again with the last position heard
// (Last-Event-ID) is first sent the changes its caller may hear that were made while it was away,
// then told that it `resumed`. A position the log cannot vouch for is told `resumed: false`, and the
// page reads its orders again. Through the gateway, as the browser reaches it.
import { randomInt } from 'node:crypto';
import { ORDER_STREAM_EVENT, ORDER_STREAM_OPENED_EVENT, ORDER_STREAM_POSITION_PATTERN, type OrderStreamMessage } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { createRedis } from '@bazar/service-kit/redis';
import {
  ACCOUNTS,
  createAccount,
  eventually,
  gatewayCall,
  placeOrder,
  publishProduct,
  removeProduct,
  signedInAndSynced,
  stackEnv,
  type TestProduct,
} from '@bazar/testing';

const from = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };

interface StreamEvent {
  event: string;
  id?: string;
  data: string;
}

/** The events of a stream's text so far (comments left out; an event not yet whole too). */
function eventsIn(text: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const block of text.split('\n\n').slice(0, -1)) {
    const event: StreamEvent = { event: 'message', data: '' };
    let named = false;
    for (const line of block.split('\n')) {
      const [field, ...rest] = line.split(': ');
      const value = rest.join(': ');
      if (field === 'event') event.event = value;
      else if (field === 'id') event.id = value;
      else if (field === 'data') event.data = value;
      else continue;
      named = true;
    }
    if (named) events.push(event);
  }
  return events;
}

/** Opens the order stream through the gateway (after `lastEventId`, if given), reads it until
 *  `enough` holds of its events or 10 s have passed, closes it and answers its events. */
async function streamed(token: string, lastEventId: string | undefined, enough: (events: StreamEvent[]) => boolean) {
  const abort = new AbortController();
  const answer = await fetch(`${stackEnv.gatewayUrl}/orders/live`, {
    headers: { ...from, authorization: `Bearer ${token}`, ...(lastEventId && { 'last-event-id': lastEventId }) },
    signal: abort.signal,
  });
  expect(answer.status).toBe(200);
  const reader = answer.body!.getReader();
  const timeout = setTimeout(() => abort.abort(), 10_000);
  let text = '';
  try {
    while (!enough(eventsIn(text))) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
  } catch {
    // read for 10 s: what came is answered
  } finally {
    clearTimeout(timeout);
    abort.abort();
  }
  return eventsIn(text);
}

const opening = (events: StreamEvent[]) => events.find((event) => event.event === ORDER_STREAM_OPENED_EVENT);
const changeOf = (event: StreamEvent) => JSON.parse(event.data) as OrderStreamMessage;
const changes = (events: StreamEvent[]) => events.filter((event) => event.event === ORDER_STREAM_EVENT).map(changeOf);

const redis = createRedis(stackEnv.redisUrl, createLogger('order-stream-resume-test', 'silent'));
let product: TestProduct | undefined;
afterAll(async () => {
  redis.disconnect();
  await removeProduct(product);
});

/** Waits until the order replicas have logged `orderId` moving to `status` (heard from Kafka). */
async function logged(orderId: string, status: string): Promise<void> {
  await eventually(async () => {
    const entries = (await redis.call('XRANGE', '{orders-live}:log', '-', '+')) as [string, string[]][];
    const found = entries.some(([, fields]) => {
      const change = fields[fields.indexOf('change') + 1] ?? '';
      return change.includes(`"orderId":"${orderId}"`) && change.includes(`"status":"${status}"`);
    });
    expect(found).toBe(true);
  });
}

it('sends a reconnecting shopper the change made while the stream was closed, and none of another shopper’s', async () => {
  product = await publishProduct('Resumed stream', 5);
  const [mine, theirs] = [await createAccount('resumemine'), await createAccount('resumetheirs')];
  const [myOrder, theirOrder] = await Promise.all([placeOrder(mine, product, 1), placeOrder(theirs, product, 1)]);
  const [token, admin] = await Promise.all([signedInAndSynced(mine), signedInAndSynced(ACCOUNTS.admin)]);

  // the first stream: where the log is now, and nothing to catch up with
  const first = await streamed(token, undefined, (events) => opening(events) !== undefined);
  const opened = opening(first)!;
  expect(JSON.parse(opened.data)).toEqual({ resumed: false });
  expect(opened.id).toMatch(ORDER_STREAM_POSITION_PATTERN);

  // while the shopper's stream is closed, the admin moves both orders on
  for (const order of [myOrder, theirOrder])
    expect((await gatewayCall('PUT', `/orderstatus/${order._id}`, admin, { status: 'confirmed' })).status).toBe(200);
  await Promise.all([logged(myOrder._id, 'confirmed'), logged(theirOrder._id, 'confirmed')]);

  // reconnecting as the browser does, with the last position heard
  const again = await streamed(token, opened.id, (events) => opening(events) !== undefined);
  const reopened = opening(again)!;
  expect(JSON.parse(reopened.data)).toEqual({ resumed: true });
  const caughtUp = again.slice(0, again.indexOf(reopened));
  expect(changes(caughtUp)).toContainEqual(expect.objectContaining({ orderId: myOrder._id, status: 'confirmed', previous: 'placed' }));
  // each with its position, after the one the stream was opened from
  for (const event of caughtUp) expect(event.id).toMatch(ORDER_STREAM_POSITION_PATTERN);
  expect(changes(again).map((change) => change.orderId)).not.toContain(theirOrder._id);
  // the position now is after the change
  expect(reopened.id).not.toBe(opened.id);
});

it('tells a stream that the log cannot vouch for its position to read its orders again, and refuses a made-up one', async () => {
  const token = await signedInAndSynced(await createAccount('resumelost'));
  const fromTheFuture = await streamed(token, '99999999999999-0', (events) => opening(events) !== undefined);
  expect(JSON.parse(opening(fromTheFuture)!.data)).toEqual({ resumed: false });

  const madeUp = await fetch(`${stackEnv.gatewayUrl}/orders/live`, {
    headers: { ...from, authorization: `Bearer ${token}`, 'last-event-id': 'the-beginning' },
  });
  expect(madeUp.status).toBe(400);
  expect(await madeUp.json()).toEqual({ error: expect.stringMatching(/Last-Event-ID/), code: 'invalid-request' });
});
