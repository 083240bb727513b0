// Shoppers calling the cart and order services straight, with the identity token the gateway would
// sign (./identity); products made for one run (and removed after it, so runs leave the demo catalog's stock
// alone); a wait for the catalog's order-status-changed consumer to have committed everything on the
// topic; a reading of the events published for some orders; and what the tests read from and write
// to Kafka (./topics). Used by the order, cart and gateway tests, infra's fault tests and the
// order-flow benchmark.
import { randomUUID } from 'node:crypto';
import { CART_REVISION_HEADER, CartLineList, InsertAnswer, OrderList, Product, TOPICS, type Topic } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { consumerGroupId } from '@bazar/service-kit/kafka';
import { ReadCache, createRedis } from '@bazar/service-kit/redis';
import mongoose from 'mongoose';
import { identityOf } from './identity';
import { removeProduct } from './orders';
import { committedOffsets, readTopic, topicEnds } from './topics';
import { eventually, stackEnv } from './stack';

export interface Answer {
  status: number;
  body: unknown;
}

async function call(
  url: string,
  headers: Record<string, string>,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...headers, ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A shopper with a fresh account and address, calling the services as the gateway would on their
 *  behalf; `orderUrl` picks the order service replica. */
export function shopper(
  label = 'shopper',
  { orderUrl = stackEnv.orderUrl, email = `${label}-${randomUUID().slice(0, 8)}@bazar.test` } = {},
) {
  const id = randomUUID();
  const identity = identityOf({ id, email });
  const cart = async () => CartLineList.parse((await call(`${stackEnv.cartUrl}/myallcart/${email}`, identity)).body);
  return {
    id,
    email,
    call: (url: string, init?: Parameters<typeof call>[2]) => call(url, identity, init),
    addToCart: (productId: string, cartQuantity: number) =>
      call(`${stackEnv.cartUrl}/addtocart`, identity, { method: 'POST', body: { productId, cartQuantity } }),
    cart,
    /** The cart as [product, pieces] pairs, for comparing with what a test put in it. */
    pieces: async () => (await cart()).map((line) => [line.productId, line.cartQuantity]),
    /** The cart's revision, as the cart service names it to the order service. */
    cartRevision: async () =>
      (await fetch(`${stackEnv.cartUrl}/myallcart/${email}`, { headers: identity })).headers.get(CART_REVISION_HEADER),
    placeOrder: (key = `order-${randomUUID()}`, total = 0) =>
      call(`${orderUrl}/orderplace`, identity, {
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: { name: 'Test Shopper', email, phone: '+8801712345678', addinfo: 'near the mosque', total, mycart: [] },
      }),
    myOrders: async () => OrderList.parse((await call(`${orderUrl}/myorders`, identity)).body),
    confirm: (orderId: string) => call(`${orderUrl}/orders/${orderId}/confirm`, identity, { method: 'PUT' }),
    cancel: (orderId: string) => call(`${orderUrl}/orders/${orderId}/cancel`, identity, { method: 'PUT' }),
  };
}
export type Shopper = ReturnType<typeof shopper>;

export const adminIdentity = identityOf({ id: 'order-tests', email: 'admin@bazar.test', role: 'admin' });
export { identityOf, identityToken, serviceHeaders, type TestUser } from './identity';
export {
  commitOffset,
  committedOffsets,
  consumerGroupIds,
  deleteTopics,
  describeConsumerGroups,
  hearTopic,
  makeTopics,
  messageSender,
  readTopic,
  sendMessages,
  topicEnds,
  type MessageSender,
  type MessageToSend,
  type TopicListener,
  type TopicMessage,
} from './topics';

/** Products published for one run, named with the run's id, and deleted by `clear()`. */
export class TestShelf {
  private readonly run = randomUUID().slice(0, 8);

  /** Publishes a product; `more` adds fields of the body (its Bangla name, its category). */
  async stock(name: string, price: number, quantity: number, more: Record<string, string> = {}): Promise<string> {
    const body = {
      name: `${name} ${this.run}`,
      price: String(price),
      quantity: String(quantity),
      description: 'Made by a test run.',
      img: '/media/test.webp',
      ...more,
    };
    const answer = await call(`${stackEnv.catalogUrl}/addproducts`, adminIdentity, { method: 'POST', body });
    if (answer.status !== 201) throw new Error(`the catalog did not publish ${body.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return InsertAnswer.parse(answer.body).insertedId;
  }

  /** Changes a product's price, as the admin's edit does. */
  async reprice(id: string, price: number): Promise<void> {
    const answer = await call(`${stackEnv.catalogUrl}/products/${id}`, adminIdentity, { method: 'PATCH', body: { price: String(price) } });
    if (answer.status !== 200) throw new Error(`the catalog did not reprice ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  /** Takes a product off the shelf behind the catalog's back: it is no longer sold. */
  async withdraw(id: string): Promise<void> {
    await removeProduct({ _id: id });
    await dropCachedProducts();
  }

  async stockOf(id: string): Promise<number> {
    return Product.parse((await call(`${stackEnv.catalogUrl}/product-details/${id}`, {})).body).quantity;
  }

  async clear(): Promise<void> {
    const catalog = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'catalog' }).asPromise();
    await catalog.collection('products').deleteMany({ name: { $regex: this.run } });
    await catalog.close();
    await dropCachedProducts();
  }

  /** See `dropCachedProducts`. */
  dropCachedProducts(): Promise<void> {
    return dropCachedProducts();
  }
}

/** Drops the catalog's cached answers, after a product was changed behind its back. */
export async function dropCachedProducts(): Promise<void> {
  const log = createLogger('test-shelf', 'silent');
  const redis = createRedis(stackEnv.redisUrl, log);
  await new Promise((resolve) => redis.once('ready', resolve));
  await new ReadCache(redis, log, 'catalog').clear();
  await redis.quit();
}

/** An admin's call to the order service, as the gateway forwards it. */
export const asAdmin = (url: string, init?: Parameters<typeof call>[2]) => call(url, adminIdentity, init);

/** The consumer groups that act on orders' events: the catalog gives back a cancelled order's units,
 *  the user service mails the shopper the order's steps. */
export const ORDER_EVENT_GROUPS = [
  consumerGroupId('catalog', TOPICS.orderStatusChanged),
  consumerGroupId('user', TOPICS.orderStatusChanged),
];

/** Every message now on order-status-changed has been consumed and committed by the catalog. */
export async function consumersCaughtUp(): Promise<void> {
  const ends = await topicEnds(TOPICS.orderStatusChanged);
  await eventually(async () => {
    for (const groupId of ORDER_EVENT_GROUPS) {
      const committed = (await committedOffsets(groupId)).get(TOPICS.orderStatusChanged);
      for (const [partition, end] of ends) {
        const offset = Number(committed?.get(partition) ?? -1);
        // -1: nothing to commit on an empty partition; beyond the end: other tests ordered meanwhile
        expect(Math.max(offset, 0)).toBeGreaterThanOrEqual(Number(end));
      }
    }
  });
}

/** Every event on `topic` about these orders (`payload.orderId`), counting repeats: all the topic
 *  held when called, and then, for up to `heardWithinMs`, until each order has been heard at least
 *  once. An order is acknowledged once its document (with its outbox) is written; its events follow,
 *  and may follow late after a fault (a relay retrying a broker just back, a replica's sweep after a
 *  crash). The caller asserts on what came: an order never heard fails there, by its id. */
export async function publishedOrderEvents(
  orderIds: string[],
  topic: Topic = TOPICS.orderPlaced,
  { heardWithinMs = 60_000 }: { heardWithinMs?: number } = {},
) {
  const wanted = new Set(orderIds);
  /** `sentAt`: the message's timestamp, when the relay produced it (`occurredAt` is when it was written) */
  const seen: { id: string; type: string; occurredAt: string; sentAt: number; payload: { orderId: string; status?: string } }[] = [];
  await readTopic(
    topic,
    (message) => {
      // the topic may also hold the poison messages of the dead-letter test
      try {
        const event = JSON.parse(message.value ?? '') as Omit<(typeof seen)[number], 'sentAt'>;
        if (wanted.has(event.payload?.orderId)) seen.push({ ...event, sentAt: message.timestamp });
      } catch {
        return;
      }
    },
    { enough: () => new Set(seen.map((event) => event.payload.orderId)).size >= wanted.size, moreWithinMs: heardWithinMs },
  );
  return seen;
}
