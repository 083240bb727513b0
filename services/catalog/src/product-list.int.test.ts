// GET /products with a category, a search, a sort and a page, on the running stack: one category of
// products made for this run (prices and names known), read from the catalog service and through
// nginx. The plain call stays the spec's whole array. The products are removed afterwards.
import { randomUUID } from 'node:crypto';
import { InsertAnswer, MAX_PAGE_SIZE, ProductList, TOTAL_COUNT_HEADER } from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { ReadCache, createRedis } from '@bazar/service-kit/redis';
import { rawRequest, stackEnv } from '@bazar/testing';
import { identityOf, serviceHeaders } from '@bazar/testing/identity';
import mongoose from 'mongoose';

const run = randomUUID().slice(0, 8);
const category = `Test shelf ${run}`;
const admin = identityOf({ id: 'admin-test', email: 'admin@bazar.test', role: 'admin' });
/** Published in this order; every third one has "Mango" in its name; prices all differ. */
const SHELF = Array.from({ length: 30 }, (_, at) => ({
  name: `${at % 3 === 0 ? 'Mango' : 'Guava'} pickle ${run} no. ${at}`,
  price: 100 + ((at * 17) % 30) * 5,
}));
const published: string[] = [];

async function list(query: string, base = stackEnv.catalogUrl) {
  const response = await fetch(`${base}/products${query}`);
  const body = (await response.json()) as unknown;
  return { status: response.status, body, total: response.headers.get(TOTAL_COUNT_HEADER), response };
}
const names = (body: unknown) => ProductList.parse(body).map((product) => product.name);
const ofShelf = (query: string) => `?category=${encodeURIComponent(category)}${query}`;

async function publish(name: string, price: number): Promise<string> {
  const response = await fetch(`${stackEnv.catalogUrl}/addproducts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...admin },
    body: JSON.stringify({ name, price, quantity: 50, description: 'A jar made by a test.', img: '/media/test.webp', category }),
  });
  if (response.status !== 201) throw new Error(`publishing ${name} answered ${response.status} ${await response.text()}`);
  return InsertAnswer.parse(await response.json()).insertedId;
}

beforeAll(async () => {
  for (const { name, price } of SHELF) published.push(await publish(name, price));
});

afterAll(async () => {
  await mongoose.connect(stackEnv.mongoUrl, { dbName: 'catalog', serverSelectionTimeoutMS: 5_000 });
  await mongoose.connection.collection('products').deleteMany({ category });
  await mongoose.disconnect();
  const log = createLogger('product-list-test', 'silent');
  const redis = createRedis(stackEnv.redisUrl, log);
  await new Promise((resolve) => redis.once('ready', resolve));
  await new ReadCache(redis, log, 'catalog').clear();
  await redis.quit();
});

it('answers a plain call with the whole shelf as a plain array, the total beside it', async () => {
  const { status, body, total } = await list('');
  expect(status).toBe(200);
  expect(Array.isArray(body)).toBe(true);
  const products = ProductList.parse(body);
  expect(products.map((product) => product._id)).toEqual(expect.arrayContaining(published));
  expect(Number(total)).toBe(products.length);
  expect(products.find((product) => product._id === published[0])).toEqual({
    _id: published[0],
    name: SHELF[0]!.name,
    price: SHELF[0]!.price,
    img: '/media/test.webp',
    quantity: 50,
    description: 'A jar made by a test.',
    category,
  });
});

it('cuts a category into pages in the order it was stocked, 24 a page unless asked', async () => {
  const first = await list(ofShelf('&page=1'));
  expect(first.total).toBe('30');
  expect(names(first.body)).toEqual(SHELF.slice(0, 24).map((product) => product.name));
  const second = await list(ofShelf('&page=2'));
  expect(second.total).toBe('30');
  expect(names(second.body)).toEqual(SHELF.slice(24).map((product) => product.name));
  expect(await list(ofShelf('&page=3'))).toMatchObject({ status: 200, body: [], total: '30' });
  expect(names((await list(ofShelf('&pageSize=5'))).body)).toEqual(SHELF.slice(0, 5).map((product) => product.name));
  expect(names((await list(ofShelf('&page=4&pageSize=7'))).body)).toEqual(SHELF.slice(21, 28).map((product) => product.name));
  // without a page, the whole category
  expect(names((await list(ofShelf(''))).body)).toEqual(SHELF.map((product) => product.name));
});

it('sorts by price either way and newest first, across pages', async () => {
  const pages = async (sort: string) => [
    ...names((await list(ofShelf(`&sort=${sort}&page=1&pageSize=12`))).body),
    ...names((await list(ofShelf(`&sort=${sort}&page=2&pageSize=12`))).body),
    ...names((await list(ofShelf(`&sort=${sort}&page=3&pageSize=12`))).body),
  ];
  const byPrice = [...SHELF].sort((a, b) => a.price - b.price).map((product) => product.name);
  expect(await pages('price-asc')).toEqual(byPrice);
  expect(await pages('price-desc')).toEqual([...byPrice].reverse());
  expect(await pages('newest')).toEqual(SHELF.map((product) => product.name).reverse());
});

it('puts the products ordered most first when sorted by popularity', async () => {
  const reservations = `${stackEnv.catalogUrl}/internal/reservations`;
  const hold = async (items: { productId: string; quantity: number }[]) => {
    const id = new mongoose.Types.ObjectId().toString();
    const response = await fetch(`${reservations}/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...serviceHeaders('order') },
      body: JSON.stringify({ items }),
    });
    expect(response.status).toBe(201);
    return id;
  };
  const held = [await hold([{ productId: published[20]!, quantity: 3 }]), await hold([{ productId: published[7]!, quantity: 1 }])];
  // a given-back order no longer counts
  const givenBack = await hold([{ productId: published[12]!, quantity: 5 }]);
  expect((await fetch(`${reservations}/${givenBack}`, { method: 'DELETE', headers: serviceHeaders('order') })).status).toBe(200);
  // cached lists last a minute; a new product clears them
  published.push(await publish(`Guava pickle ${run} late`, 90));

  const popular = ProductList.parse((await list(ofShelf('&sort=popular&pageSize=3'))).body).map((product) => product._id);
  expect(popular.slice(0, 2)).toEqual([published[20], published[7]]);
  expect(popular[2]).not.toBe(published[12]);
  await Promise.all(held.map((id) => fetch(`${reservations}/${id}`, { method: 'DELETE', headers: serviceHeaders('order') })));
});

it('finds names case-insensitively within a category, and counts what it found', async () => {
  const mangoes = SHELF.filter((_, at) => at % 3 === 0).map((product) => product.name);
  expect(await list(ofShelf(`&q=mANGO%20PICKLE%20${run}&pageSize=4`))).toMatchObject({ status: 200, total: String(mangoes.length) });
  expect(names((await list(ofShelf(`&q=mango&pageSize=48`))).body)).toEqual(mangoes);
  // the older name of q
  expect(names((await list(`?search=${encodeURIComponent(`mango pickle ${run}`)}`)).body)).toEqual(mangoes);
  expect(await list(`?category=${encodeURIComponent(`No such shelf ${run}`)}&page=1`)).toMatchObject({ status: 200, body: [], total: '0' });
});

it('shows a product published into the category on its next read', async () => {
  const before = Number((await list(ofShelf('&page=1'))).total);
  published.push(await publish(`Mango pickle ${run} newest`, 120));
  const after = await list(ofShelf('&sort=newest&page=1&pageSize=1'));
  expect(Number(after.total)).toBe(before + 1);
  expect(names(after.body)).toEqual([`Mango pickle ${run} newest`]);
});

it('answers a reload of an unchanged list or search with 304 and no body, and a changed one afresh', async () => {
  // as a browser's cache revalidates (fetch would add Cache-Control: no-cache, which asks for the body)
  const revalidate = async (query: string, etag: string) => {
    const answer = await rawRequest(stackEnv.catalogUrl, `/products${query}`, { headers: { 'if-none-match': etag } });
    return { status: answer.status, etag: answer.headers.etag, body: answer.body };
  };
  for (const query of [ofShelf(''), ofShelf(`&search=${encodeURIComponent(`Guava pickle ${run}`)}`)]) {
    const first = await fetch(`${stackEnv.catalogUrl}/products${query}`);
    const bytes = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[\w+/]+"$/);
    expect(Number(first.headers.get('content-length'))).toBe(bytes.length);

    expect(await revalidate(query, etag)).toEqual({ status: 304, etag, body: '' });

    const name = `Guava pickle ${run} reloaded ${published.length}`;
    published.push(await publish(name, 125));
    const changed = await revalidate(query, etag);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(etag);
    expect(names(JSON.parse(changed.body))).toContain(name);
  }
});

it.each([
  [`?pageSize=${MAX_PAGE_SIZE + 1}`, `pageSize must be between 1 and ${MAX_PAGE_SIZE}`],
  ['?pageSize=0', `pageSize must be between 1 and ${MAX_PAGE_SIZE}`],
  ['?page=0', 'page must be between 1 and 10000'],
  ['?page=2.5', 'page must be a whole number'],
  ['?page=abc', 'page must be a whole number'],
  ['?page=1&page=2', 'page must be a whole number'],
  ['?sort=cheapest', 'sort must be one of price-asc, price-desc, newest, popular'],
  ['?category=', 'category must not be empty'],
  ['?q=tea&search=tea', 'q and search are the same: give one of them'],
  [`?q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
])('refuses %s with 400 in plain words', async (query, error) => {
  expect(await list(query)).toMatchObject({ status: 400, body: { error } });
});

it('passes the total through nginx and caches each page apart', async () => {
  const [first, second] = await Promise.all([
    list(ofShelf('&page=1&pageSize=2'), `${stackEnv.webUrl}/api`),
    list(ofShelf('&page=2&pageSize=2'), `${stackEnv.webUrl}/api`),
  ]);
  expect(first.total).toBe(second.total);
  expect(Number(first.total)).toBeGreaterThanOrEqual(SHELF.length);
  expect(names(first.body)).toEqual(SHELF.slice(0, 2).map((product) => product.name));
  expect(names(second.body)).toEqual(SHELF.slice(2, 4).map((product) => product.name));
  // the micro-cache answers the same page again, with its total
  const again = await list(ofShelf('&page=2&pageSize=2'), `${stackEnv.webUrl}/api`);
  expect({ body: again.body, total: again.total }).toEqual({ body: second.body, total: second.total });
});
