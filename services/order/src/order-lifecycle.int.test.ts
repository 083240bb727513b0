// An order's life on the running stack: every move a shopper and an admin may and may not make,
// cancellations giving the units back exactly once, the limit of unconfirmed orders, holds expiring
// (with a replica of its own holding for a second and a half, while the stack's sweeps too), the
// admin's list and summary, and the live stream of status changes.
import { randomUUID } from 'node:crypto';
import { Order, OrderPage, OrderSummary, PlaceOrderAnswer, TOPICS, type OrderStatus } from '@bazar/contracts';
import { eventually, stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import {
  asAdmin,
  consumersCaughtUp,
  identityOf,
  publishedOrderEvents,
  serviceHeaders,
  shopper,
  TestShelf,
  type Shopper,
} from '@bazar/testing/shop';
import { startOrderReplica, type OrderReplica } from '../test/replica';

const shelf = new TestShelf();
let honey: string;
/** The order service's database, read and written behind its back: what an order left there */
let orderDb: mongoose.Connection;

beforeAll(async () => {
  honey = await shelf.stock('Sundarban Honey', 650, 500);
  orderDb = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'order' }).asPromise();
});
afterAll(async () => {
  await shelf.clear();
  await orderDb.close();
});
const holdsOf = (userId: string) => orderDb.collection<{ _id: string; open?: string[] }>('holds').findOne({ _id: userId });
/** The shopper's places among the open orders, and the orders their list names. */
const listsOf = async (userId: string) => ({
  open: (await holdsOf(userId))?.open ?? [],
  named: (await orderDb.collection<{ _id: string; orders?: string[] }>('shopper_orders').findOne({ _id: userId }))?.orders ?? [],
});

/** A fresh shopper's order of `pieces` of a product, placed through `orderUrl`. */
async function placed(product = honey, pieces = 1, orderUrl = stackEnv.orderUrl): Promise<{ buyer: Shopper; order: Order }> {
  const buyer = shopper('life', { orderUrl });
  expect((await buyer.addToCart(product, pieces)).status).toBe(201);
  const answer = await buyer.placeOrder();
  expect(answer.status).toBe(201);
  return { buyer, order: PlaceOrderAnswer.parse(answer.body).order };
}

const adminMove = (orderId: string, status: OrderStatus) =>
  asAdmin(`${stackEnv.orderUrl}/orderstatus/${orderId}`, { method: 'PUT', body: { status } });

/** An order brought to `status` by the admin, one allowed step at a time. */
async function orderAt(status: OrderStatus) {
  const { buyer, order } = await placed();
  const path: OrderStatus[] = status === 'cancelled' ? ['cancelled'] : ['confirmed', 'packed', 'out-for-delivery', 'delivered'];
  for (const step of path.slice(0, status === 'cancelled' ? 1 : path.indexOf(status) + 1)) {
    expect((await adminMove(order._id, step)).status).toBe(200);
  }
  return { buyer, orderId: order._id };
}

// What each may do, written out rather than taken from the rules under test.
const SHOPPER_MOVES = ['placed→confirmed', 'placed→cancelled', 'confirmed→cancelled'];
const ADMIN_MOVES = [
  'placed→confirmed',
  'placed→cancelled',
  'confirmed→packed',
  'confirmed→cancelled',
  'packed→out-for-delivery',
  'packed→cancelled',
  'out-for-delivery→delivered',
  'out-for-delivery→cancelled',
];
const STATUSES: OrderStatus[] = ['placed', 'confirmed', 'packed', 'out-for-delivery', 'delivered', 'cancelled'];

describe.each([
  ['shopper', SHOPPER_MOVES],
  ['admin', ADMIN_MOVES],
] as const)('a %s', (actor, allowed) => {
  const move = (buyer: Shopper, orderId: string, to: OrderStatus) => {
    if (actor === 'admin') return adminMove(orderId, to);
    if (to === 'confirmed') return buyer.confirm(orderId);
    if (to === 'cancelled') return buyer.cancel(orderId);
    return undefined; // a shopper has no way even to ask for the other statuses
  };

  it.each(STATUSES)('moving an order that is %s', async (from) => {
    const mayMove = (to: OrderStatus) => allowed.includes(`${from}→${to}`);
    const { buyer, orderId } = await orderAt(from);
    for (const to of STATUSES.filter((to) => !mayMove(to))) {
      const answer = await move(buyer, orderId, to);
      if (answer)
        expect(answer).toEqual({
          status: 409,
          body: { error: expect.stringContaining(`This order is ${from}`), code: 'order-move-refused', to, status: from },
        });
    }
    // each allowed move on an order of its own, since it changes the order
    for (const to of STATUSES.filter(mayMove)) {
      const fresh = await orderAt(from);
      const answer = await move(fresh.buyer, fresh.orderId, to);
      expect(answer).toMatchObject({ status: 200, body: { status: to } });
      expect((answer!.body as Order).history.at(-1)).toEqual({ status: to, at: expect.any(String), by: actor });
    }
  });
});

it('stores every move with who made it and when, and publishes each once', async () => {
  const { buyer, order } = await placed();
  await buyer.confirm(order._id);
  for (const status of ['packed', 'out-for-delivery', 'delivered'] as const) await adminMove(order._id, status);
  const [mine] = await buyer.myOrders();
  expect(mine?.history.map(({ status, by }) => `${status} by ${by}`)).toEqual([
    'placed by shopper',
    'confirmed by shopper',
    'packed by admin',
    'out-for-delivery by admin',
    'delivered by admin',
  ]);
  const times = mine!.history.map(({ at }) => Date.parse(at));
  expect([...times].sort((a, b) => a - b)).toEqual(times);
  const events = await publishedOrderEvents([order._id], TOPICS.orderStatusChanged);
  expect(events.map((event) => event.payload.status)).toEqual(['placed', 'confirmed', 'packed', 'out-for-delivery', 'delivered']);
});

it('gives a cancelled order’s units back once, however often and however fast the cancel is repeated', async () => {
  const chutney = await shelf.stock('Tomato Chutney', 120, 10);
  const { buyer, order } = await placed(chutney, 4);
  expect(await shelf.stockOf(chutney)).toBe(6);

  const answers = await Promise.all([
    buyer.cancel(order._id),
    buyer.cancel(order._id),
    asAdmin(`${stackEnv.orderUrl}/orders/${order._id}/cancel`, { method: 'PUT' }),
  ]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  expect((await buyer.cancel(order._id)).status).toBe(409);
  await eventually(async () => expect(await shelf.stockOf(chutney)).toBe(10));
  await consumersCaughtUp();
  expect(await shelf.stockOf(chutney)).toBe(10);
  const events = await publishedOrderEvents([order._id], TOPICS.orderStatusChanged);
  expect(events.map((event) => event.payload.status)).toEqual(['placed', 'cancelled']);
});

it('gives an admin-cancelled order’s units back when it is already out for delivery', async () => {
  const ghee = await shelf.stock('Cow Ghee', 900, 3);
  const { order } = await placed(ghee, 3);
  for (const status of ['confirmed', 'packed', 'out-for-delivery', 'cancelled'] as const)
    expect((await adminMove(order._id, status)).status).toBe(200);
  await eventually(async () => expect(await shelf.stockOf(ghee)).toBe(3));
});

it('holds at most three unconfirmed orders per shopper; confirming one makes room, and a refusal leaves the cart alone and claims nothing', async () => {
  const buyer = shopper('holds');
  // refused for an empty cart, or past the limit: no place claimed, no name in the shopper's list
  expect((await buyer.placeOrder()).status).toBe(400);
  expect(await listsOf(buyer.id)).toEqual({ open: [], named: [] });
  const orders: string[] = [];
  for (let i = 0; i < 3; i++) {
    expect((await buyer.addToCart(honey, 1)).status).toBe(201);
    const answer = await buyer.placeOrder();
    expect(answer.status).toBe(201);
    orders.push(PlaceOrderAnswer.parse(answer.body).insertedId);
  }
  expect((await buyer.addToCart(honey, 2)).status).toBe(201);
  const stock = await shelf.stockOf(honey);
  expect(await buyer.placeOrder()).toEqual({
    status: 409,
    body: {
      error: 'You already have 3 orders waiting for confirmation; confirm or cancel one in My Orders first',
      code: 'hold-limit-reached',
      limit: 3,
    },
  });
  expect((await buyer.cart()).map((line) => line.cartQuantity)).toEqual([2]);
  expect(await shelf.stockOf(honey)).toBe(stock);
  // an order is named in the shopper's list once it moves on; until then My Orders finds it by its place
  expect(await listsOf(buyer.id)).toEqual({ open: orders, named: [] });
  expect((await buyer.myOrders()).map((order) => order._id).sort()).toEqual([...orders].sort());

  expect((await buyer.confirm(orders[0]!)).status).toBe(200);
  expect((await buyer.placeOrder()).status).toBe(201);
  expect(await buyer.cart()).toEqual([]);
  // the claim that found the list full freed the confirmed order's place, naming it first
  const lists = await listsOf(buyer.id);
  expect(lists.named).toEqual([orders[0]]);
  expect(lists.open).toEqual(expect.arrayContaining(orders.slice(1)));
  expect(lists.open).toHaveLength(3);
  expect((await buyer.myOrders()).map((order) => order._id)).toContain(orders[0]);
});

describe('with a replica that holds orders for a second and a half', () => {
  let quick: OrderReplica;
  beforeAll(async () => {
    quick = await startOrderReplica(4013, { ORDER_HOLD_WINDOW_MS: '1500', ORDER_SWEEP_INTERVAL_MS: '200' });
  });
  afterAll(() => quick.stop());

  it('cancels an order left unconfirmed past its hold, once, and gives its units back; a confirmed one stands', async () => {
    const mango = await shelf.stock('Mango Pickle', 150, 10);
    const left = await placed(mango, 2, quick.url);
    const kept = await placed(mango, 3, quick.url);
    expect((await kept.buyer.confirm(kept.order._id)).status).toBe(200);
    expect(await shelf.stockOf(mango)).toBe(5);

    await eventually(async () => expect((await left.buyer.myOrders())[0]?.status).toBe('cancelled'), 10_000);
    const [expired] = await left.buyer.myOrders();
    expect(expired?.history.map(({ status, by }) => `${status} by ${by}`)).toEqual(['placed by shopper', 'cancelled by system']);
    await eventually(async () => expect(await shelf.stockOf(mango)).toBe(7));
    expect((await kept.buyer.myOrders())[0]?.status).toBe('confirmed');
    const events = await publishedOrderEvents([left.order._id], TOPICS.orderStatusChanged);
    expect(events.map((event) => event.payload.status)).toEqual(['placed', 'cancelled']);
  });

  // A replica takes an order as it last wrote it before reading it (recent-orders.ts): what another
  // replica did to it meanwhile must decide the move, and be what its event says it moved from.
  it('decides a move on the order as it is, not as this replica last wrote it', async () => {
    const cancelledElsewhere = await placed();
    const cancel = { method: 'PUT' as const, body: { status: 'cancelled' } };
    expect((await asAdmin(`${quick.url}/orderstatus/${cancelledElsewhere.order._id}`, cancel)).status).toBe(200);
    expect(await cancelledElsewhere.buyer.confirm(cancelledElsewhere.order._id)).toEqual({
      status: 409,
      body: {
        error: 'This order is cancelled; it cannot become confirmed',
        code: 'order-move-refused',
        to: 'confirmed',
        status: 'cancelled',
      },
    });

    const confirmedElsewhere = await placed();
    const { buyer, order } = confirmedElsewhere;
    expect((await buyer.call(`${quick.url}/orders/${order._id}/confirm`, { method: 'PUT' })).status).toBe(200);
    expect(await buyer.cancel(order._id)).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    expect((await buyer.myOrders())[0]?.history.map(({ status }) => status)).toEqual(['placed', 'confirmed', 'cancelled']);
    // each order's events as a consumer takes them (two orders may lie in two partitions): in the
    // order they were written, a repeat skipped (two replicas may both send an event still pending)
    const movesOf = async (orderId: string) =>
      [...new Map((await publishedOrderEvents([orderId], TOPICS.orderStatusChanged)).map((event) => [event.id, event])).values()].map(
        ({ payload }) => `${(payload as { previous?: string }).previous ?? ''}→${payload.status}`,
      );
    await eventually(async () => expect(await movesOf(cancelledElsewhere.order._id)).toEqual(['→placed', 'placed→cancelled']), 10_000);
    await eventually(async () => expect(await movesOf(order._id)).toEqual(['→placed', 'placed→confirmed', 'confirmed→cancelled']), 10_000);
  });

  // The sweep finds open orders through the shoppers' lists of them (by `_id`, not a query of the
  // orders by status); what a process that stopped midway left there is cleared.
  describe('what a stopped process left', () => {
    /** An order a process wrote `placing` a minute ago and then stopped, listed open for the sweep;
     *  its one piece of honey at `unitPricePaisa`, as the cart had it. It has the fields the admin's
     *  list answers (phone and address among them): one the sweep places stays in the store, where
     *  later suites (the schemathesis run) read it. */
    const stoppedMidway = async (
      buyer: Shopper,
      { reservationId = new mongoose.Types.ObjectId().toString(), unitPricePaisa = 65_000 } = {},
    ) => {
      const orderId = new mongoose.Types.ObjectId();
      await orderDb.collection<{ _id: string }>('holds').insertOne({ _id: buyer.id, open: [orderId.toString()] } as never);
      const longAgo = new Date(Date.now() - 60_000);
      await orderDb.collection('orders').insertOne({
        _id: orderId,
        userId: buyer.id,
        email: buyer.email,
        name: 'Stopped Midway',
        phone: '01712345678',
        addinfo: '',
        items: [{ productId: honey, name: 'Sundarban Honey', img: '/media/test.webp', unitPricePaisa, quantity: 1 }],
        subtotalPaisa: unitPricePaisa,
        vatPaisa: 0,
        deliveryPaisa: 0,
        totalPaisa: unitPricePaisa,
        status: 'placing',
        history: [],
        reservationId,
        cartState: `stopped-${randomUUID()}`,
        outbox: {},
        outboxPending: [],
        createdAt: longAgo,
        updatedAt: longAgo,
      });
      return orderId;
    };

    it('settles an order written but never placed: the order goes, its place is freed and the emptied list removed', async () => {
      const buyer = shopper('stopped');
      const orderId = await stoppedMidway(buyer);
      await eventually(async () => expect(await orderDb.collection('orders').findOne({ _id: orderId })).toBeNull(), 10_000);
      await eventually(async () => expect(await holdsOf(buyer.id)).toBeNull(), 10_000);
    });

    it('places an order whose cart gave up its lines before its process stopped, priced as the shelf has it', async () => {
      const buyer = shopper('taken');
      expect((await buyer.addToCart(honey, 1)).status).toBe(201);
      const reservationId = new mongoose.Types.ObjectId().toString();
      const items = [{ productId: honey, quantity: 1 }];
      // what the stopped process had done: the units held, the lines taken off the cart
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...serviceHeaders('order') },
          body: JSON.stringify(body),
        });
      expect((await post(`${stackEnv.catalogUrl}/internal/reservations/${reservationId}`, { items })).status).toBe(201);
      expect((await post(`${stackEnv.cartUrl}/internal/checkouts/${reservationId}`, { email: buyer.email, items })).status).toBe(200);
      // the order as written, with the price the cart had: an older one
      const orderId = await stoppedMidway(buyer, { reservationId, unitPricePaisa: 60_000 });
      await eventually(
        async () => expect(await orderDb.collection('orders').findOne({ _id: orderId })).toMatchObject({ status: 'placed' }),
        10_000,
      );
      const settled = await orderDb.collection('orders').findOne({ _id: orderId });
      expect(settled?.items).toEqual([expect.objectContaining({ productId: honey, unitPricePaisa: 65_000, quantity: 1 })]);
      expect(settled?.subtotalPaisa).toBe(65_000);
    });

    // after a hold window, but never sooner than a placement counts as interrupted (30 s)
    it('frees a place claimed for an order never written, once it has stayed unwritten a hold window', async () => {
      const buyer = shopper('unwritten');
      await orderDb
        .collection<{ _id: string }>('holds')
        .insertOne({ _id: buyer.id, open: [new mongoose.Types.ObjectId().toString()] } as never);
      await eventually(async () => expect(await holdsOf(buyer.id)).toBeNull(), 45_000);
    }, 60_000);

    it('frees the place of an order confirmed by a process that stopped before freeing it', async () => {
      const { buyer, order } = await placed(honey, 1, quick.url);
      expect((await buyer.confirm(order._id)).status).toBe(200);
      await orderDb
        .collection<{ _id: string; open: string[] }>('holds')
        .updateOne({ _id: buyer.id }, { $addToSet: { open: order._id } }, { upsert: true });
      await eventually(async () => expect(await holdsOf(buyer.id)).toBeNull(), 10_000);
      expect((await buyer.myOrders())[0]?.status).toBe('confirmed');
    });
  });
});

describe('the admin’s orders', () => {
  const list = async (query: Record<string, string>) => {
    const answer = await asAdmin(`${stackEnv.orderUrl}/allorders?${new URLSearchParams(query)}`);
    expect(answer.status).toBe(200);
    return OrderPage.parse(answer.body);
  };

  it('finds an order by id, email and phone, filters by status and day, newest first, a page at a time', async () => {
    const { buyer, order } = await placed();
    expect((await list({ q: order._id })).orders.map((o) => o._id)).toEqual([order._id]);
    expect((await list({ q: buyer.email.toUpperCase() })).orders.map((o) => o._id)).toEqual([order._id]);
    expect((await list({ q: '+880 1712-345678', pageSize: '50' })).orders.map((o) => o.phone)).toEqual(
      expect.arrayContaining(['01712345678']),
    );

    const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
    const placedToday = await list({ status: 'placed', from: today, to: today, pageSize: '2' });
    expect(placedToday.orders.every((o) => o.status === 'placed')).toBe(true);
    expect(placedToday.total).toBeGreaterThanOrEqual(2);
    const second = await list({ status: 'placed', from: today, to: today, pageSize: '2', page: '2' });
    const times = [...placedToday.orders, ...second.orders].map((o) => Date.parse(o.placedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(second.orders.map((o) => o._id)).not.toContain(placedToday.orders[0]!._id);
    expect((await list({ from: '2001-01-01', to: '2001-01-31' })).total).toBe(0);
  });

  it('refuses a page larger than 50, unknown filters, a shopper', async () => {
    expect((await asAdmin(`${stackEnv.orderUrl}/allorders?pageSize=51`)).status).toBe(400);
    expect((await asAdmin(`${stackEnv.orderUrl}/allorders?status=lost`)).status).toBe(400);
    expect((await asAdmin(`${stackEnv.orderUrl}/allorders?sort=price`)).status).toBe(400);
    const someone = shopper('nosy');
    expect(await someone.call(`${stackEnv.orderUrl}/allorders`)).toEqual({
      status: 403,
      body: { error: 'Only an admin may do that', code: 'admin-only' },
    });
    expect((await someone.call(`${stackEnv.orderUrl}/ordersummary`)).status).toBe(403);
  });

  it('sums today: one more order and its total, one more placed', async () => {
    const before = OrderSummary.parse((await asAdmin(`${stackEnv.orderUrl}/ordersummary`)).body);
    const { order } = await placed();
    const after = OrderSummary.parse((await asAdmin(`${stackEnv.orderUrl}/ordersummary`)).body);
    // other test files may order meanwhile: at least this one
    expect(after.todayOrders - before.todayOrders).toBeGreaterThanOrEqual(1);
    expect(after.todayRevenue - before.todayRevenue).toBeGreaterThanOrEqual(order.total);
    expect(after.byStatus.placed).toBeGreaterThanOrEqual(1);
    expect(Object.keys(after.byStatus).sort()).toEqual([...STATUSES].sort());
  });
});

/** The events of a live stream, as they arrive. */
async function listen(headers: Record<string, string>) {
  const abort = new AbortController();
  const response = await fetch(`${stackEnv.orderUrl}/orders/live`, { headers, signal: abort.signal });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const heard: { orderId: string; status: string }[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body!) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        const messages = buffered.split('\n\n');
        buffered = messages.pop()!;
        for (const message of messages) {
          const data = /^data: (.*)$/m.exec(message)?.[1];
          if (/^event: order-status$/m.test(message) && data) heard.push(JSON.parse(data) as (typeof heard)[number]);
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return { heard, close: () => abort.abort() };
}

it('tells a shopper’s open stream of each move of their order, and not of others’; an admin’s of every order', async () => {
  const buyer = shopper('live');
  expect((await buyer.addToCart(honey, 1)).status).toBe(201);
  const stranger = shopper('stranger');
  const identity = (who: Shopper) => identityOf({ id: who.id, email: who.email });
  const [mine, theirs, admins] = await Promise.all([
    listen(identity(buyer)),
    listen(identity(stranger)),
    listen(identityOf({ id: `admin-${randomUUID()}`, email: 'admin@bazar.test', role: 'admin' })),
  ]);
  try {
    // the every-replica consumer joins its group when the service starts; give the stream a moment
    await new Promise((resolve) => setTimeout(resolve, 200));
    const order = PlaceOrderAnswer.parse((await buyer.placeOrder()).body).order;
    for (const status of ['confirmed', 'packed'] as const) expect((await adminMove(order._id, status)).status).toBe(200);
    const moves = ['placed', 'confirmed', 'packed'];
    await eventually(async () => expect(mine.heard.map((m) => m.status)).toEqual(moves), 5_000);
    await eventually(async () => expect(admins.heard.filter((m) => m.orderId === order._id).map((m) => m.status)).toEqual(moves), 5_000);
    expect(mine.heard.every((m) => m.orderId === order._id)).toBe(true);
    expect(theirs.heard).toEqual([]);
  } finally {
    [mine, theirs, admins].forEach((stream) => stream.close());
  }
});
