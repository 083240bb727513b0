// Placing an order on the running stack: when the order service answers 201 the units are held by
// the catalog and the lines are gone from the cart, at once; a refusal leaves cart and shelf as they
// were; one state of a cart becomes at most one order; events go out once through the outbox.
import { randomUUID } from 'node:crypto';
import { CART_ALREADY_ORDERED, PlaceOrderAnswer, TOPICS } from '@bazar/contracts';
import { publishedOrderEvents, shopper, TestShelf, type Shopper } from '@bazar/testing/shop';
import { stackEnv } from '@bazar/testing';

const shelf = new TestShelf();
const me = shopper();

let rice: string;
let dal: string;

beforeAll(async () => {
  [rice, dal] = await Promise.all([shelf.stock('Chinigura Rice', 165, 50), shelf.stock('Mug Dal', 175, 50)]);
});

afterAll(() => shelf.clear());

it('refuses an empty cart', async () => {
  expect(await me.placeOrder(`empty-${randomUUID()}`)).toEqual({ status: 400, body: { error: 'Your cart is empty', code: 'cart-empty' } });
});

it("refuses an order in someone else's name, naming the email field", async () => {
  const error = 'You can only place orders for your own account';
  expect(
    await me.call(`${stackEnv.orderUrl}/orderplace`, { method: 'POST', body: { name: 'Test Shopper', email: 'someone@example.com' } }),
  ).toEqual({ status: 403, body: { error, code: 'own-account-only', fields: { email: error } } });
});

it('places the cart with server-side totals: the units are held and the lines gone as it answers, once per idempotency key', async () => {
  expect((await me.addToCart(rice, 2)).status).toBe(201);
  expect((await me.addToCart(dal, 1)).status).toBe(201);
  expect((await me.addToCart(rice, 1)).status).toBe(200); // same product: the line grows
  const [riceBefore, dalBefore] = [await shelf.stockOf(rice), await shelf.stockOf(dal)];

  const key = `order-${randomUUID()}`;
  const placed = await me.placeOrder(key, 1); // a wrong client total is ignored
  expect(placed.status).toBe(201);
  // no waiting: the answer came after both
  expect(await me.cart()).toEqual([]);
  expect([await shelf.stockOf(rice), await shelf.stockOf(dal)]).toEqual([riceBefore - 3, dalBefore - 1]);

  const { order, insertedId } = PlaceOrderAnswer.parse(placed.body);
  expect(order.items.map((i) => [i.productId, i.quantity])).toEqual([
    [rice, 3],
    [dal, 1],
  ]);
  expect(order.items[0]?.name).toMatch(/^Chinigura Rice /);
  expect(order).toMatchObject({
    subtotal: 3 * 165 + 175,
    vat: 33.5,
    delivery: 70,
    total: 670 + 33.5 + 70,
    status: 'placed',
    phone: '01712345678',
  });
  expect(order.history).toEqual([{ status: 'placed', at: expect.any(String), by: 'shopper' }]);
  // held for 30 minutes by default
  expect(Date.parse(order.holdUntil!) - Date.parse(order.history[0]!.at)).toBe(30 * 60_000);

  const again = await me.placeOrder(key, 1);
  expect(again.status).toBe(200);
  expect(PlaceOrderAnswer.parse(again.body).insertedId).toBe(insertedId);
  expect([await shelf.stockOf(rice), await shelf.stockOf(dal)]).toEqual([riceBefore - 3, dalBefore - 1]);

  const placedEvents = await publishedOrderEvents([insertedId]);
  expect(placedEvents.map((event) => event.type)).toEqual(['OrderPlaced']);
  const statusEvents = await publishedOrderEvents([insertedId], TOPICS.orderStatusChanged);
  expect(statusEvents.map((event) => event.payload.status)).toEqual(['placed']);
});

it("copies each product's Bangla name into its order line, when it has one", async () => {
  const mustard = await shelf.stock('Mustard Greens', 40, 10, { name_bn: 'সরিষা শাক' });
  const buyer = shopper('bangla-order');
  expect((await buyer.addToCart(mustard, 1)).status).toBe(201);
  expect((await buyer.addToCart(dal, 1)).status).toBe(201);
  const placed = await buyer.placeOrder();
  expect(placed.status).toBe(201);
  const { order } = PlaceOrderAnswer.parse(placed.body);
  expect(order.items.map((item) => [item.productId, item.name_bn])).toEqual([
    [mustard, 'সরিষা শাক'],
    [dal, undefined],
  ]);
  expect(order.items[1]).not.toHaveProperty('name_bn');
  expect((await buyer.myOrders())[0]?.items.map((item) => item.name_bn)).toEqual(['সরিষা শাক', undefined]);
});

it('prices each line as the catalog has it when its units are held, not as it was when added to the cart', async () => {
  const honey = await shelf.stock('Litchi Honey', 500, 10);
  const buyer = shopper('repriced');
  expect((await buyer.addToCart(honey, 2)).status).toBe(201);
  expect((await buyer.addToCart(dal, 1)).status).toBe(201);
  await shelf.reprice(honey, 560);
  const placed = await buyer.placeOrder();
  expect(placed.status).toBe(201);
  const { order } = PlaceOrderAnswer.parse(placed.body);
  expect(order.items.map((item) => [item.productId, item.unitPrice, item.lineTotal])).toEqual([
    [honey, 560, 1120],
    [dal, 175, 175],
  ]);
  expect(order.subtotal).toBe(1295);
  expect((await buyer.myOrders())[0]).toMatchObject({ _id: order._id, subtotal: 1295, total: order.total });
});

it('refuses a product no longer sold, naming it as the cart does; nothing is held and the cart stays as it was', async () => {
  const gone = await shelf.stock('Hilsa Roe', 300, 10);
  const buyer = shopper('withdrawn');
  expect((await buyer.addToCart(gone, 1)).status).toBe(201);
  expect((await buyer.addToCart(rice, 2)).status).toBe(201);
  const [goneName] = (await buyer.cart()).map((line) => line.cartName);
  const riceBefore = await shelf.stockOf(rice);
  await shelf.withdraw(gone);

  expect(await buyer.placeOrder()).toEqual({
    status: 409,
    body: {
      error: `${goneName} is out of stock`,
      code: 'out-of-stock',
      items: [{ productId: gone, name: goneName, requested: 1, available: 0 }],
    },
  });
  expect(await shelf.stockOf(rice)).toBe(riceBefore);
  expect(await buyer.pieces()).toEqual([
    [gone, 1],
    [rice, 2],
  ]);
  expect(await buyer.myOrders()).toEqual([]);
});

it('refuses an order for more than the shelf holds, naming each item and how many are left; cart and shelf stay as they were', async () => {
  const lime = await shelf.stock('Kagzi Lime', 30, 5);
  const oil = await shelf.stock('Mustard Oil', 210, 4);
  const [early, late] = [shopper('early'), shopper('late')];
  expect((await late.addToCart(oil, 2)).status).toBe(201);
  expect((await late.addToCart(lime, 3)).status).toBe(201);
  expect((await early.addToCart(lime, 4)).status).toBe(201);
  expect((await early.placeOrder()).status).toBe(201);
  expect(await shelf.stockOf(lime)).toBe(1);
  const revision = await late.cartRevision();

  const refused = await late.placeOrder();
  expect(refused).toEqual({
    status: 409,
    body: {
      error: expect.stringMatching(/^Only 1 left of Kagzi Lime \w+$/),
      code: 'out-of-stock',
      items: [{ productId: lime, name: expect.stringContaining('Kagzi Lime'), requested: 3, available: 1 }],
    },
  });
  // the oil it had already held went back
  expect([await shelf.stockOf(lime), await shelf.stockOf(oil)]).toEqual([1, 4]);
  expect(await late.pieces()).toEqual([
    [oil, 2],
    [lime, 3],
  ]);
  expect(await late.cartRevision()).toBe(revision);
  expect(await late.myOrders()).toEqual([]);
});

it('keeps pieces added to a line after its order was placed', async () => {
  const tea = await shelf.stock('Added Tea', 90, 10);
  const buyer = shopper('added');
  expect((await buyer.addToCart(tea, 2)).status).toBe(201);
  expect((await buyer.placeOrder()).status).toBe(201);
  expect((await buyer.addToCart(tea, 1)).status).toBe(201);
  expect(await buyer.pieces()).toEqual([[tea, 1]]);
  expect(await shelf.stockOf(tea)).toBe(8);
});

it('keeps orders to their owner: another shopper can neither see nor move them', async () => {
  const mine = await me.myOrders();
  expect(mine).toHaveLength(1);
  const stranger = shopper('stranger');
  expect(await stranger.myOrders()).toEqual([]);
  for (const move of [stranger.confirm, stranger.cancel])
    expect(await move(mine[0]!._id)).toEqual({ status: 404, body: { error: 'No such order', code: 'no-such-order' } });
  expect(await me.confirm(mine[0]!._id)).toMatchObject({ status: 200, body: { status: 'confirmed' } });
});

it('refuses an idempotency key sent again with other content: another address, another cart', async () => {
  const buyer = shopper('key-reuse');
  const tea = await shelf.stock('Key Tea', 70, 20);
  expect((await buyer.addToCart(tea, 1)).status).toBe(201);
  const key = `reuse-${randomUUID()}`;
  const order = (addinfo: string, mycart: unknown[]) =>
    buyer.call(`${stackEnv.orderUrl}/orderplace`, {
      method: 'POST',
      headers: { 'idempotency-key': key },
      body: { name: 'Key Shopper', email: buyer.email, addinfo, mycart },
    });
  expect((await order('Road 1', [{ cartName: 'Key Tea', cartQuantity: 1 }])).status).toBe(201);
  expect((await order('Road 1', [{ cartName: 'Key Tea', cartQuantity: 1 }])).status).toBe(200); // the same request again

  const refusal = {
    status: 409,
    body: { error: 'This Idempotency-Key was already used for another order', code: 'idempotency-key-reused' },
  };
  expect(await order('Road 2', [{ cartName: 'Key Tea', cartQuantity: 1 }])).toEqual(refusal);
  expect((await buyer.addToCart(tea, 2)).status).toBe(201);
  expect(await order('Road 1', [{ cartName: 'Key Tea', cartQuantity: 2 }])).toEqual(refusal);
  // the cart the refused requests named is left alone
  expect(await buyer.pieces()).toEqual([[tea, 2]]);
});

it('makes one order of two requests racing with the same idempotency key', async () => {
  const racer = shopper('racer');
  const tea = await shelf.stock('Race Tea', 120, 20);
  expect((await racer.addToCart(tea, 2)).status).toBe(201);
  const key = `race-${randomUUID()}`;

  const answers = await Promise.all([racer.placeOrder(key), racer.placeOrder(key)]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
  const [first, second] = answers.map((answer) => PlaceOrderAnswer.parse(answer.body).insertedId);
  expect(second).toBe(first);
  expect((await racer.myOrders()).map((order) => order._id)).toEqual([first]);
  expect(await racer.cart()).toEqual([]);
  expect(await shelf.stockOf(tea)).toBe(18);
  expect(await publishedOrderEvents([first!])).toHaveLength(1);
});

describe('one state of a cart becomes at most one order', () => {
  const refusals = [
    { status: 409, body: { error: CART_ALREADY_ORDERED, code: 'cart-already-ordered' } },
    // what a request that lost the race so badly that the first had already taken the lines meets
    { status: 400, body: { error: 'Your cart is empty', code: 'cart-empty' } },
  ];

  /** The cart placed from two tabs at once, each with a key of its own: one of them places the order. */
  async function placeFromTwoTabs(tabs: Shopper) {
    const keys = [`tab-${randomUUID()}`, `tab-${randomUUID()}`];
    const answers = await Promise.all(keys.map((key) => tabs.placeOrder(key)));
    const placing = answers.findIndex((answer) => answer.status === 201);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(refusals).toContainEqual(answers[1 - placing]);
    const placed = PlaceOrderAnswer.parse(answers[placing]!.body);
    return { ...placed, placingKey: keys[placing]!, refusedKey: keys[1 - placing]! };
  }

  it('makes one order of a cart placed at once from two tabs with different keys: one event, the units held once', async () => {
    const tea = await shelf.stock('Tab Tea', 120, 20);
    const tabs = shopper('two-tabs');
    expect((await tabs.addToCart(tea, 2)).status).toBe(201);

    const { insertedId } = await placeFromTwoTabs(tabs);
    expect((await tabs.myOrders()).map((order) => order._id)).toEqual([insertedId]);
    expect(await tabs.cart()).toEqual([]);
    expect(await shelf.stockOf(tea)).toBe(18);
    expect(await publishedOrderEvents([insertedId])).toHaveLength(1);
  });

  it('answers the key that placed the order with it afterwards; the refused key has none', async () => {
    const tea = await shelf.stock('Repeat Tea', 120, 20);
    const tabs = shopper('repeat');
    expect((await tabs.addToCart(tea, 1)).status).toBe(201);
    const { insertedId, placingKey, refusedKey } = await placeFromTwoTabs(tabs);

    const repeat = await tabs.placeOrder(placingKey);
    expect(repeat.status).toBe(200);
    expect(PlaceOrderAnswer.parse(repeat.body).insertedId).toBe(insertedId);
    expect(await tabs.placeOrder(refusedKey)).toEqual({ status: 400, body: { error: 'Your cart is empty', code: 'cart-empty' } });
  });

  it('takes a cart changed after its order as a new state, which can be ordered once more', async () => {
    const tea = await shelf.stock('Refill Tea', 120, 20);
    const tabs = shopper('refill');
    expect((await tabs.addToCart(tea, 2)).status).toBe(201);
    const first = await placeFromTwoTabs(tabs);

    expect((await tabs.addToCart(tea, 1)).status).toBe(201);
    const { insertedId, order } = await placeFromTwoTabs(tabs);
    expect(insertedId).not.toBe(first.insertedId);
    expect(order.items.map((item) => [item.productId, item.quantity])).toEqual([[tea, 1]]);
    expect(await tabs.cart()).toEqual([]);
    expect(await shelf.stockOf(tea)).toBe(17);
  });
});
