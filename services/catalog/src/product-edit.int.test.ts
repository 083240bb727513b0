// Editing a product on the running stack: PATCH /products/{id} through the gateway, admin only. The
// product's detail, the whole shelf, its category pages, its search and the search box's suggestions
// are all read (and so cached) before the edit, and show the edit on the next read; refused edits
// change nothing; the edit is announced as product-changed. Products made here are removed afterwards.
import { randomUUID } from 'node:crypto';
import { InsertAnswer, Product, ProductList, ProductSuggestionList, type ProductChanged } from '@bazar/contracts';
import { ACCOUNTS, eventually, gatewayCall, signedInAndSynced, stackEnv } from '@bazar/testing';
import { asAdmin, dropCachedProducts, shopper } from '@bazar/testing/shop';
import mongoose from 'mongoose';
import { productChangesHeard } from '../test/product-changes';

const run = randomUUID().slice(0, 8);
/** Words only this run's product holds, before and after the edit, in English and in Bangla. */
const oldWord = `zold${run}`;
const newWord = `znew${run}`;
const banglaWord = [...run].map((hex) => 'কখগঘঙচছজঝঞটঠডঢণত'[parseInt(hex, 16)]).join('');
const oldCategory = `Edit shelf ${run}`;
const newCategory = `Edited shelf ${run}`;

let adminToken: string;
let shopperToken: string;
let productId: string;
let changed: ProductChanged[];
let stopHearing: () => Promise<void>;

const products = () => mongoose.connection.collection('products');
const stored = () => products().findOne({ _id: new mongoose.Types.ObjectId(productId) });

async function read(path: string) {
  const answer = await gatewayCall('GET', path);
  expect(answer.status).toBe(200);
  return answer.body;
}
const detail = async () => Product.parse(await read(`/product-details/${productId}`));
const shelf = async (query = '') => ProductList.parse(await read(`/products${query}`));
const categoryPage = (category: string) => shelf(`?category=${encodeURIComponent(category)}&page=1&pageSize=24`);
const found = (q: string) => shelf(`?q=${encodeURIComponent(q)}`);
const suggested = async (q: string) => ProductSuggestionList.parse(await read(`/products/suggestions?q=${encodeURIComponent(q)}`));
const ids = (list: { _id: string }[]) => list.map((product) => product._id);

const edit = (body: unknown, token: string | undefined, id = productId) => gatewayCall('PATCH', `/products/${id}`, token, body);
/** Straight to the service, as the gateway forwards an admin's call: refusals that need no token. */
const editAtService = (body: unknown) => asAdmin(`${stackEnv.catalogUrl}/products/${productId}`, { method: 'PATCH', body });

beforeAll(async () => {
  [adminToken, shopperToken] = await Promise.all([signedInAndSynced(ACCOUNTS.admin), signedInAndSynced(ACCOUNTS.shopper)]);
  await mongoose.connect(stackEnv.mongoUrl, { dbName: 'catalog', serverSelectionTimeoutMS: 5_000 });
  ({ heard: changed, stop: stopHearing } = await productChangesHeard());

  const published = await gatewayCall('POST', '/addproducts', adminToken, {
    name: `Mustard Oil ${oldWord}`,
    price: '320',
    quantity: '15',
    description: 'Cold-pressed mustard oil from a test run.',
    img: '/media/test.webp',
    category: oldCategory,
    name_bn: 'সরিষার তেল',
  });
  expect(published.status).toBe(201);
  productId = InsertAnswer.parse(published.body).insertedId;
});

afterAll(async () => {
  await stopHearing?.();
  await products().deleteMany({ name: { $regex: run } });
  await dropCachedProducts();
  await mongoose.disconnect();
});

describe('an admin edits a product', () => {
  const editedName = `Mustard Oil 1 litre ${newWord}`;
  const editedBangla = `সরিষার তেল ১ লিটার ${banglaWord}`;

  it('shows the edit on the next read of the detail, the shelf, the category pages, the search and the suggestions', async () => {
    // every answer read once, so that each is cached with the product as it was
    expect(await detail()).toMatchObject({ name: `Mustard Oil ${oldWord}`, price: 320, category: oldCategory });
    expect((await shelf()).find((product) => product._id === productId)?.name).toBe(`Mustard Oil ${oldWord}`);
    expect(ids(await categoryPage(oldCategory))).toEqual([productId]);
    expect(await categoryPage(newCategory)).toEqual([]);
    await eventually(async () => expect(ids(await found(oldWord))).toEqual([productId]));
    expect(await found(newWord)).toEqual([]);
    expect(await suggested(newWord)).toEqual([]);
    expect(await suggested(banglaWord)).toEqual([]);

    const answer = await edit({ name: editedName, name_bn: ` ${editedBangla} `, price: '299.50', category: newCategory }, adminToken);
    const expected = {
      _id: productId,
      name: editedName,
      name_bn: editedBangla,
      price: 299.5,
      quantity: 15,
      category: newCategory,
      description: 'Cold-pressed mustard oil from a test run.',
      img: '/media/test.webp',
    };
    expect(answer).toMatchObject({ status: 200, body: expected });

    expect(await detail()).toEqual(expected);
    expect((await shelf()).find((product) => product._id === productId)).toEqual(expected);
    expect(await categoryPage(oldCategory)).toEqual([]);
    expect(await categoryPage(newCategory)).toEqual([expected]);
    expect(await found(oldWord)).toEqual([]);
    expect(await found(newWord)).toEqual([expected]);
    expect(await suggested(newWord)).toEqual([
      { _id: productId, name: editedName, name_bn: editedBangla, img: expected.img, price: 299.5 },
    ]);
    expect(ids(await suggested(banglaWord))).toEqual([productId]);
  });

  it('announces the edit as product-changed', async () => {
    await eventually(async () => expect(changed).toContainEqual(expect.objectContaining({ payload: { productId, change: 'updated' } })));
  });

  it('takes a Bangla name away when it is sent blank, leaving the rest', async () => {
    const answer = await edit({ name_bn: '  ' }, adminToken);
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('name_bn');
    expect(await detail()).toMatchObject({ name: editedName, price: 299.5 });
    expect(await detail()).not.toHaveProperty('name_bn');
    expect(await suggested(banglaWord)).toEqual([]);
    expect(ids(await suggested(newWord))).toEqual([productId]);
  });
});

describe('refused edits', () => {
  it.each([
    [{ price: '-5' }, 'price must be a number'],
    [{ price: 0 }, 'price must be more than 0'],
    [{ price: '12.345' }, 'price must not have more than 2 decimals'],
    [{ quantity: '1.5' }, 'quantity must be a whole number'],
    [{ quantity: '100001' }, 'quantity must be between 0 and 100000'],
    [{ name: '   ' }, 'name is required'],
    [{ category: '' }, 'category is required'],
    [{ img: 'javascript:alert(1)' }, 'img must be an image URL'],
    [{ name_bn: 'চ'.repeat(121) }, 'name_bn must be at most 120 characters'],
  ])('refuses %j with "%s", under its field too', async (change, error) => {
    const field = Object.keys(change)[0] as string;
    expect(await editAtService({ name: `Never ${run}`, ...change })).toEqual({
      status: 400,
      body: { error, code: 'invalid-request', fields: { [field]: error } },
    });
  });

  it('refuses an empty body, an unknown field and a body that is not an object', async () => {
    expect(await editAtService({})).toEqual({ status: 400, body: { error: 'Give at least one field to change', code: 'invalid-request' } });
    expect(await editAtService({ name: `Never ${run}`, sold: 0 })).toEqual({
      status: 400,
      body: { error: 'Unrecognized key: "sold"', code: 'invalid-request' },
    });
    expect((await editAtService([{ name: `Never ${run}` }])).status).toBe(400);
  });

  it('answers 400 for a malformed id and 404 for an unknown one, through the gateway', async () => {
    expect(await edit({ name: `Never ${run}` }, adminToken, 'not-an-id')).toMatchObject({
      status: 400,
      body: { error: 'params id must be a 24-character hex id', code: 'invalid-request' },
    });
    expect(await edit({ name: `Never ${run}` }, adminToken, new mongoose.Types.ObjectId().toString())).toMatchObject({
      status: 404,
      body: { error: 'No such product', code: 'no-such-product' },
    });
  });

  it('refuses visitors (401) and shoppers (403) at the gateway, and shoppers at the service', async () => {
    expect(await edit({ name: `Never ${run}` }, undefined)).toMatchObject({
      status: 401,
      body: { error: 'Sign in first', code: 'sign-in-first' },
    });
    expect(await edit({ name: `Never ${run}` }, shopperToken)).toMatchObject({
      status: 403,
      body: { error: 'Only an admin may do that', code: 'admin-only' },
    });
    expect(
      await shopper().call(`${stackEnv.catalogUrl}/products/${productId}`, { method: 'PATCH', body: { name: `Never ${run}` } }),
    ).toEqual({
      status: 403,
      body: { error: 'Only an admin may do that', code: 'admin-only' },
    });
  });

  it('left the product as it was: its answer, its record and its events', async () => {
    // the relay sends the two accepted edits' announcements in its own time: compare once it has
    // emptied the outbox and both have been heard
    const announced = () => changed.filter((event) => event.payload.productId === productId);
    const before = await eventually(async () => {
      const product = await stored();
      expect(Object.keys(product?.outbox ?? {})).toEqual([]);
      expect(announced().filter((event) => event.payload.change === 'updated').length).toBeGreaterThanOrEqual(2);
      return product;
    });
    const events = announced().length;
    await editAtService({ price: '0' });
    await edit({ name: `Never ${run}` }, shopperToken);
    expect(await stored()).toEqual(before);
    expect((await detail()).name).toBe(`Mustard Oil 1 litre ${newWord}`);
    expect(await found(`Never ${run}`)).toEqual([]);
    // give a wrongly announced refusal time to arrive
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(announced()).toHaveLength(events);
  });
});
