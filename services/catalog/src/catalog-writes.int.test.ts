// Catalog writes on the running stack: validation, admin-only access (gateway and service), the
// read cache dropped on publish and written through on stock changes, product-changed events, and orders' holds on
// the stock: taken all or none, given back once, repaired after an interruption. Products and
// offers made here are removed afterwards.
import { randomUUID } from 'node:crypto';
import { InsertAnswer, OfferList, Product, ProductList, TOPICS, type OrderStatusChanged, type ProductChanged } from '@bazar/contracts';
import { ACCOUNTS, eventually, signedInAndSynced, stackEnv } from '@bazar/testing';
import { dropCachedProducts, identityOf, sendMessages, serviceHeaders } from '@bazar/testing/shop';
import mongoose from 'mongoose';
import { productChangesHeard } from '../test/product-changes';

const run = randomUUID().slice(0, 8);
const admin = identityOf({ id: 'admin-test', email: 'admin@bazar.test', role: 'admin' });
const shopper = identityOf({ id: 'shopper-test', email: 'shopper@bazar.test', role: 'user' });
const validProduct = { name: `Test Tea ${run}`, price: '250.50', quantity: '12', description: 'A test leaf tea.', img: '/media/test.webp' };

let adminToken: string;
let shopperToken: string;
let changed: ProductChanged[];
let stopHearing: () => Promise<void>;

async function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
const viaGateway = (path: string, token: string | undefined, body: unknown) =>
  call(`${stackEnv.gatewayUrl}${path}`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body });
const addProduct = (body: unknown, headers = admin) => call(`${stackEnv.catalogUrl}/addproducts`, { method: 'POST', headers, body });
const storeProducts = async (search = '') =>
  ProductList.parse((await call(`${stackEnv.gatewayUrl}/products${search && `?search=${encodeURIComponent(search)}`}`)).body);

beforeAll(async () => {
  // The gateway takes admin from the user service's record, which the storefront creates on sign-in.
  [adminToken, shopperToken] = await Promise.all([signedInAndSynced(ACCOUNTS.admin), signedInAndSynced(ACCOUNTS.shopper)]);
  await mongoose.connect(stackEnv.mongoUrl, { dbName: 'catalog', serverSelectionTimeoutMS: 5_000 });
  ({ heard: changed, stop: stopHearing } = await productChangesHeard());
});

afterAll(async () => {
  await stopHearing();
  await mongoose.connection.collection('products').deleteMany({ name: { $regex: run } });
  await mongoose.connection.collection('offers').deleteMany({ offerTitle: { $regex: run } });
  await dropCachedProducts();
  await mongoose.disconnect();
});

describe('POST /addproducts validation', () => {
  it.each([
    [{ price: 'abc' }, 'price must be a number'],
    [{ price: '-5' }, 'price must be a number'],
    [{ price: -5 }, 'price must be more than 0'],
    [{ price: '0' }, 'price must be more than 0'],
    [{ price: '1000001' }, 'price must be at most 1000000 taka'],
    [{ price: '12.345' }, 'price must not have more than 2 decimals'],
    [{ price: '' }, 'price must be a number'],
    [{ quantity: '1.5' }, 'quantity must be a whole number'],
    [{ quantity: '-1' }, 'quantity must be a number'],
    [{ quantity: '100001' }, 'quantity must be between 0 and 100000'],
    [{ quantity: 'ten' }, 'quantity must be a number'],
    [{ name: '   ' }, 'name is required'],
    [{ name: 'x'.repeat(121) }, 'name must be at most 120 characters'],
    [{ description: '' }, 'description is required'],
    [{ description: 'd'.repeat(1001) }, 'description must be at most 1000 characters'],
    [{ img: 'javascript:alert(1)' }, 'img must be an image URL'],
    [{ name_bn: 'চ'.repeat(121) }, 'name_bn must be at most 120 characters'],
    [{ description_bn: 'চ'.repeat(1001) }, 'description_bn must be at most 1000 characters'],
    [{ name_bn: ['চাল'] }, 'name_bn must be text'],
    [{ price: undefined }, 'price must be a number'],
  ])('refuses %j with "%s", under its field too', async (change, error) => {
    const field = Object.keys(change)[0] as string;
    expect(await addProduct({ ...validProduct, ...change })).toEqual({
      status: 400,
      body: { error, code: 'invalid-request', fields: { [field]: error } },
    });
  });

  it('refuses a body that is not an object', async () => {
    expect((await addProduct([validProduct])).status).toBe(400);
  });
});

describe('who may publish', () => {
  it('refuses visitors (401) and shoppers (403) at the gateway', async () => {
    expect(await viaGateway('/addproducts', undefined, validProduct)).toEqual({
      status: 401,
      body: { error: 'Sign in first', code: 'sign-in-first' },
    });
    expect(await viaGateway('/addproducts', shopperToken, validProduct)).toEqual({
      status: 403,
      body: { error: 'Only an admin may do that', code: 'admin-only' },
    });
    expect(await viaGateway('/offer', shopperToken, { offerTitle: 'x', offerDetails: 'y' })).toEqual({
      status: 403,
      body: { error: 'Only an admin may do that', code: 'admin-only' },
    });
  });

  it('refuses a shopper in the service too', async () => {
    expect(await addProduct(validProduct, shopper)).toEqual({
      status: 403,
      body: { error: 'Only an admin may do that', code: 'admin-only' },
    });
    expect(
      await call(`${stackEnv.catalogUrl}/offer`, { method: 'POST', headers: shopper, body: { offerTitle: 'x', offerDetails: 'y' } }),
    ).toEqual({
      status: 403,
      body: { error: 'Only an admin may do that', code: 'admin-only' },
    });
  });

  it('lets an admin publish an offer, which needs a title and details', async () => {
    expect(await viaGateway('/offer', adminToken, { offerTitle: `Test offer ${run}` })).toEqual({
      status: 400,
      body: { error: 'offerDetails is required', code: 'invalid-request', fields: { offerDetails: 'offerDetails is required' } },
    });
    expect(await viaGateway('/offer', adminToken, { offerTitle: ' ', offerDetails: 'x' })).toEqual({
      status: 400,
      body: { error: 'offerTitle is required', code: 'invalid-request', fields: { offerTitle: 'offerTitle is required' } },
    });
    const published = await viaGateway('/offer', adminToken, { offerTitle: `Test offer ${run}`, offerDetails: 'Two for one.' });
    expect(published.status).toBe(201);
    const offers = OfferList.parse((await call(`${stackEnv.gatewayUrl}/alloffers`)).body);
    expect(offers.find((o) => o._id === InsertAnswer.parse(published.body).insertedId)).toMatchObject({ offerDetails: 'Two for one.' });
  });

  it("keeps an offer's Bangla title and details when it has them, and none for blank ones", async () => {
    const withBangla = await viaGateway('/offer', adminToken, {
      offerTitle: `Test offer ${run} Eid`,
      offerTitle_bn: ` ঈদের অফার ${run} `,
      offerDetails: 'Two for one.',
      offerDetails_bn: ' একটি কিনলে একটি ফ্রি। ',
    });
    const blank = await viaGateway('/offer', adminToken, {
      offerTitle: `Test offer ${run} blank`,
      offerTitle_bn: ' ',
      offerDetails: 'x',
      offerDetails_bn: ' ',
    });
    expect([withBangla.status, blank.status]).toEqual([201, 201]);
    const offers = OfferList.parse((await call(`${stackEnv.gatewayUrl}/alloffers`)).body);
    const answered = (created: typeof blank) => offers.find((o) => o._id === InsertAnswer.parse(created.body).insertedId);
    expect(answered(withBangla)).toMatchObject({
      offerTitle: `Test offer ${run} Eid`,
      offerTitle_bn: `ঈদের অফার ${run}`,
      offerDetails: 'Two for one.',
      offerDetails_bn: 'একটি কিনলে একটি ফ্রি।',
    });
    expect(answered(blank)).not.toHaveProperty('offerTitle_bn');
    expect(answered(blank)).not.toHaveProperty('offerDetails_bn');
    expect(await viaGateway('/offer', adminToken, { offerTitle: 'x', offerTitle_bn: 'অ'.repeat(121), offerDetails: 'y' })).toMatchObject({
      status: 400,
      body: { code: 'invalid-request', fields: { offerTitle_bn: expect.any(String) } },
    });
    expect(await viaGateway('/offer', adminToken, { offerTitle: 'x', offerDetails: 'y', offerDetails_bn: 'অ'.repeat(1001) })).toMatchObject(
      {
        status: 400,
        body: { code: 'invalid-request', fields: { offerDetails_bn: expect.any(String) } },
      },
    );
  });
});

describe('publishing and stock', () => {
  let productId: string;
  const reservations = `${stackEnv.catalogUrl}/internal/reservations`;
  const newId = () => new mongoose.Types.ObjectId().toString();
  const reserve = (reservationId: string, quantity: number) =>
    call(`${reservations}/${reservationId}`, {
      method: 'POST',
      headers: serviceHeaders('order'),
      body: { items: [{ productId, quantity }] },
    });
  const release = (reservationId: string) =>
    call(`${reservations}/${reservationId}`, { method: 'DELETE', headers: serviceHeaders('order') });
  /** An order-status-changed event of an order holding the reservation. */
  const statusChanged = (reservationId: string, status: OrderStatusChanged['payload']['status']): OrderStatusChanged => ({
    id: randomUUID(),
    type: 'OrderStatusChanged',
    occurredAt: new Date().toISOString(),
    payload: { orderId: newId(), userId: `stock-${run}`, reservationId, status, by: 'admin' },
  });
  /** Sends the events one after another, on one partition: applied in this order. */
  const send = (...events: OrderStatusChanged[]) =>
    sendMessages(
      TOPICS.orderStatusChanged,
      events.map((event) => ({ key: productId, value: JSON.stringify(event) })),
    );
  const products = () =>
    mongoose.connection.collection<{ _id: mongoose.Types.ObjectId; quantity: number; pendingStock: string[] }>('products');
  const markers = async () => (await products().findOne({ _id: new mongoose.Types.ObjectId(productId) }))?.pendingStock;

  it('shows a published product on the next read of the list, detail and search, and announces it', async () => {
    expect((await storeProducts()).some((p) => p.name === validProduct.name)).toBe(false); // the list is now cached
    expect(await storeProducts(run)).toEqual([]);

    const published = await viaGateway('/addproducts', adminToken, validProduct);
    expect(published.status).toBe(201);
    productId = InsertAnswer.parse(published.body).insertedId;

    const expected = {
      _id: productId,
      name: validProduct.name,
      price: 250.5,
      quantity: 12,
      description: validProduct.description,
      img: validProduct.img,
    };
    expect((await storeProducts()).at(-1)).toEqual(expected);
    expect(await storeProducts(run.toUpperCase())).toEqual([expected]);
    expect(Product.parse((await call(`${stackEnv.gatewayUrl}/product-details/${productId}`)).body)).toEqual(expected);
    await eventually(async () => expect(changed).toContainEqual(expect.objectContaining({ payload: { productId, change: 'created' } })));
  });

  it('holds units all or none, once per reservation, names what is short, and the cached detail follows', async () => {
    const detail = async () => Product.parse((await call(`${stackEnv.gatewayUrl}/product-details/${productId}`)).body).quantity;
    expect(await detail()).toBe(12); // cached
    const held = newId();
    // answered with the product as held, as its detail answers it
    const heldProduct = { ...Product.parse((await call(`${stackEnv.gatewayUrl}/product-details/${productId}`)).body), quantity: 7 };
    expect(await reserve(held, 5)).toEqual({ status: 201, body: { reserved: true, products: [heldProduct] } });
    expect(await detail()).toBe(7);
    expect(await reserve(held, 5)).toEqual({ status: 201, body: { reserved: true, products: [heldProduct] } }); // a repeat holds nothing more
    expect(await detail()).toBe(7);
    expect(await reserve(newId(), 8)).toEqual({
      status: 409,
      body: {
        error: `Only 7 left of ${validProduct.name}`,
        code: 'out-of-stock',
        items: [{ productId, name: validProduct.name, requested: 8, available: 7 }],
      },
    });
    expect(await detail()).toBe(7);
    await eventually(async () => expect(await markers()).toEqual([])); // settled once held

    expect(await release(held)).toEqual({ status: 200, body: { released: true } });
    expect((await release(held)).status).toBe(200);
    expect(await detail()).toBe(12);
  });

  it('prices an order’s lines in one call: each product still sold, as its detail answers it, in the order asked', async () => {
    const lookup = (body: unknown) =>
      call(`${stackEnv.catalogUrl}/internal/products/lookup`, { method: 'POST', headers: serviceHeaders('order'), body });
    const [seeded] = await storeProducts();
    const detail = async (id: string) => (await call(`${stackEnv.catalogUrl}/product-details/${id}`)).body;
    const answer = await lookup({ ids: [productId, newId(), seeded!._id] });
    expect(answer.status).toBe(200);
    expect(ProductList.parse(answer.body)).toEqual([await detail(productId), await detail(seeded!._id)]);

    for (const refused of [
      { ids: [] },
      { ids: ['not-an-id'] },
      { ids: Array.from({ length: 501 }, newId) },
      { ids: [productId], price: 1 },
      {},
    ])
      expect(await lookup(refused)).toMatchObject({ status: 400, body: { error: expect.any(String), code: 'invalid-request' } });
  });

  it('settles reservations held together, one released meanwhile giving back its own units', async () => {
    const reservations = mongoose.connection.collection<{ _id: string; state: string; settled: boolean }>('reservations');
    const held = Array.from({ length: 5 }, newId);
    expect((await Promise.all(held.map((id) => reserve(id, 1)))).map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await release(held[0]!)).toEqual({ status: 200, body: { released: true } }); // before the settling
    // the take markers (`+<id>`); the release's return marker stays a while (see stock-reservations.ts)
    await eventually(async () => expect((await markers())?.filter((marker) => marker.startsWith('+'))).toEqual([]));
    await eventually(async () =>
      expect(await reservations.find({ _id: { $in: held } }, { projection: { state: 1, settled: 1 } }).toArray()).toEqual(
        expect.arrayContaining(held.slice(1).map((_id) => ({ _id, state: 'held', settled: true }))),
      ),
    );
    expect((await products().findOne({ _id: new mongoose.Types.ObjectId(productId) }))?.quantity).toBe(8);
    await Promise.all(held.slice(1).map(release));
    expect((await products().findOne({ _id: new mongoose.Types.ObjectId(productId) }))?.quantity).toBe(12);
  });

  it('refuses a reservation that arrives after its release, holding nothing', async () => {
    const late = newId();
    expect((await release(late)).status).toBe(200);
    expect(await reserve(late, 1)).toEqual({
      status: 409,
      body: { error: 'This order was withdrawn; place it again', code: 'order-withdrawn' },
    });
    expect((await products().findOne({ _id: new mongoose.Types.ObjectId(productId) }))?.quantity).toBe(12);
  });

  it('gives back a cancelled order’s units once, even when the event comes twice; a delivered order’s stay sold', async () => {
    const [cancelled, delivered] = [newId(), newId()];
    expect((await reserve(cancelled, 3)).status).toBe(201);
    expect((await reserve(delivered, 2)).status).toBe(201);
    const cancel = statusChanged(cancelled, 'cancelled');
    await send(cancel, cancel, statusChanged(delivered, 'delivered'), statusChanged(cancelled, 'cancelled'));
    await eventually(async () => expect((await products().findOne({ _id: new mongoose.Types.ObjectId(productId) }))?.quantity).toBe(10));
    // give the consumer time to (wrongly) apply the repeats
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await products().findOne({ _id: new mongoose.Types.ObjectId(productId) }))?.quantity).toBe(10);
  });

  it('gives back what a reservation interrupted midway had taken, and keeps held one taken whole, when the sweep finds them', async () => {
    const reservations = mongoose.connection.collection<{ _id: string; state: string; settled: boolean }>('reservations');
    const minuteAgo = new Date(Date.now() - 60_000);
    const leftReserving = (_id: string, items: { productId: string; quantity: number }[]) =>
      reservations.insertOne({ _id, items, state: 'reserving', settled: false, createdAt: minuteAgo, updatedAt: minuteAgo } as never);
    const taken = (reservationId: string, quantity: number) =>
      products().updateOne(
        { _id: new mongoose.Types.ObjectId(productId) },
        { $inc: { quantity: -quantity }, $push: { pendingStock: `+${reservationId}` } },
      );
    // what a catalog that died after taking one product's units, before the next, leaves
    const interrupted = newId();
    await leftReserving(interrupted, [
      { productId, quantity: 4 },
      { productId: newId(), quantity: 1 },
    ]);
    await taken(interrupted, 4);
    // and one that died after taking every unit, before marking the reservation held: its answer may
    // have gone, so the units stay held until its order releases them
    const answered = newId();
    await leftReserving(answered, [{ productId, quantity: 3 }]);
    await taken(answered, 3);

    // the sweep runs every 15 s
    await eventually(
      async () =>
        expect(await reservations.findOne({ _id: answered }, { projection: { state: 1, settled: 1 } })).toEqual({
          _id: answered,
          state: 'held',
          settled: true,
        }),
      40_000,
      500,
    );
    await eventually(async () => expect(await markers()).not.toContain(`+${interrupted}`), 40_000, 500);
    expect(await markers()).not.toContain(`+${answered}`);
    expect((await products().findOne({ _id: new mongoose.Types.ObjectId(productId) }))?.quantity).toBe(7);
    expect(await reserve(interrupted, 1)).toMatchObject({ status: 409 });
    expect(await release(answered)).toEqual({ status: 200, body: { released: true } });
    expect((await products().findOne({ _id: new mongoose.Types.ObjectId(productId) }))?.quantity).toBe(10);
  });

  it('forgets tombstones an hour old, even more than one database command may name', async () => {
    const reservations = mongoose.connection.collection<{ _id: string; piledBy: string }>('reservations');
    // `piledBy` marks this test's tombstones: more ids than one command may name cannot be asked for
    const tombstone = (updatedAt: Date) => ({
      _id: newId(),
      items: [],
      state: 'released',
      settled: true,
      createdAt: updatedAt,
      updatedAt,
      piledBy: run,
    });
    const overAnHourAgo = new Date(Date.now() - 61 * 60_000);
    // the local database refuses a command that matches more than 32,766 documents (IDS_A_COMMAND)
    const piled = Array.from({ length: 33_000 }, () => tombstone(overAnHourAgo));
    for (let from = 0; from < piled.length; from += 1_000) await reservations.insertMany(piled.slice(from, from + 1_000));
    const recent = tombstone(new Date());
    await reservations.insertOne(recent);

    // the sweep runs every 15 s
    await eventually(async () => expect(await reservations.countDocuments({ piledBy: run })).toBe(1), 90_000, 1_000);
    expect(await reservations.findOne({ piledBy: run }, { projection: { _id: 1 } })).toEqual({ _id: recent._id });
    expect(await reserve(recent._id, 1)).toEqual({
      status: 409,
      body: { error: 'This order was withdrawn; place it again', code: 'order-withdrawn' },
    });
    await reservations.deleteOne({ _id: recent._id });
  }, 120_000);
});

describe('the Bangla name and description', () => {
  // a word only this run's product holds, in Bangla letters
  const banglaWord = [...run].map((hex) => 'কখগঘঙচছজঝঞটঠডঢণত'[parseInt(hex, 16)]).join('');
  const bangla = { name_bn: ` চা পাতা ${banglaWord} `, description_bn: `সিলেটের বাগানের কড়া লিকারের ${banglaWord}চা।` };

  it('are stored and answered with the product, and searched', async () => {
    const published = await viaGateway('/addproducts', adminToken, { ...validProduct, name: `Bangla Tea ${run}`, ...bangla });
    expect(published.status).toBe(201);
    const productId = InsertAnswer.parse(published.body).insertedId;
    const expected = { _id: productId, name: `Bangla Tea ${run}`, name_bn: `চা পাতা ${banglaWord}`, description_bn: bangla.description_bn };

    expect(Product.parse((await call(`${stackEnv.gatewayUrl}/product-details/${productId}`)).body)).toMatchObject(expected);
    expect((await storeProducts()).find((product) => product._id === productId)).toMatchObject(expected);
    // the index hears of the product from its own replica at once, and from the event on the others
    await eventually(async () => expect((await storeProducts(banglaWord)).map((product) => product._id)).toEqual([productId]));
    expect((await storeProducts(`${banglaWord}চা`)).map((product) => product._id)).toEqual([productId]);
    const suggested = await call(`${stackEnv.gatewayUrl}/products/suggestions?q=${encodeURIComponent(`চা পাতা ${banglaWord}`)}`);
    expect(suggested.body).toContainEqual(expect.objectContaining({ _id: productId, name_bn: expected.name_bn }));
  });

  it('are left out when blank, as for a product without them', async () => {
    const published = await viaGateway('/addproducts', adminToken, {
      ...validProduct,
      name: `Plain Tea ${run}`,
      name_bn: ' ',
      description_bn: '',
    });
    expect(published.status).toBe(201);
    const answer = (await call(`${stackEnv.gatewayUrl}/product-details/${InsertAnswer.parse(published.body).insertedId}`)).body;
    expect(Object.keys(answer as object).sort()).toEqual(['_id', 'description', 'img', 'name', 'price', 'quantity']);
  });
});
