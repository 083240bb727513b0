// Searching the shelf on the running stack: GET /products?q= ranked by the search index, with typos,
// case and accents forgiven, and the search box's suggestions. Products are made for this run, in a
// category of their own, and removed afterwards. A second catalog process shows that every replica's
// index hears a product published through another, and a third, started while products are being
// published, finds every one of them.
import { randomUUID } from 'node:crypto';
import {
  CLOSE_MATCHES_HEADER,
  TOPICS,
  InsertAnswer,
  MAX_SUGGESTIONS,
  ProductList,
  ProductSuggestionList,
  TOTAL_COUNT_HEADER,
} from '@bazar/contracts';
import { createLogger } from '@bazar/service-kit';
import { newEvent } from '@bazar/service-kit/kafka';
import { ReadCache, createRedis, type Redis } from '@bazar/service-kit/redis';
import { eventually, rawRequest, stackEnv, startServiceReplica, type ServiceReplica } from '@bazar/testing';
import { identityOf } from '@bazar/testing/identity';
import { messageSender, type MessageSender } from '@bazar/testing/shop';
import mongoose from 'mongoose';

const run = randomUUID().slice(0, 8);
const category = `Search shelf ${run}`;
const admin = identityOf({ id: 'admin-test', email: 'admin@bazar.test', role: 'admin' });
/** A word only this run's products hold, for suggestions, which search the whole shelf. */
const word = `zq${run}`;

let catalog: mongoose.Connection;
let redis: Redis;
let replica: ServiceReplica;
let producer: MessageSender;
const ids: Record<string, string> = {};

async function publish(key: string, name: string, description = 'Fresh from a test run.'): Promise<string> {
  const response = await fetch(`${stackEnv.catalogUrl}/addproducts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...admin },
    body: JSON.stringify({ name, price: 250, quantity: 20, description, img: '/media/test.webp', category }),
  });
  if (response.status !== 201) throw new Error(`publishing ${name} answered ${response.status} ${await response.text()}`);
  return (ids[key] = InsertAnswer.parse(await response.json()).insertedId);
}

async function search(q: string, more = '', base = stackEnv.catalogUrl) {
  const response = await fetch(`${base}/products?q=${encodeURIComponent(q)}&category=${encodeURIComponent(category)}${more}`);
  expect(response.status).toBe(200);
  return {
    ids: ProductList.parse(await response.json()).map((product) => product._id),
    total: response.headers.get(TOTAL_COUNT_HEADER),
    closeMatches: response.headers.get(CLOSE_MATCHES_HEADER),
  };
}

async function suggestions(q: string, base = stackEnv.catalogUrl) {
  const response = await fetch(`${base}/products/suggestions?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return ProductSuggestionList.parse(await response.json());
}

/** A change made without an event, as the seed makes them: the product's updatedAt stamped (as
 *  mongoose does) and the cache cleared after it. */
async function changeBehindItsBack(change: (products: mongoose.mongo.Collection) => Promise<unknown>): Promise<void> {
  await change(catalog.collection('products'));
  await clearCache();
}

/** Clears the catalog's cached answers, as every change without an event does. */
const clearCache = () => new ReadCache(redis, createLogger('product-search-test', 'silent'), 'catalog').clear();

beforeAll(async () => {
  catalog = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'catalog' }).asPromise();
  redis = createRedis(stackEnv.redisUrl, createLogger('product-search-test', 'silent'));
  await new Promise((resolve) => redis.once('ready', resolve));
  replica = await startServiceReplica('catalog', 4011);
  producer = messageSender();
  await publish('chicken', `Deshi Chicken ${word} 1 kg`, 'Whole bird, cleaned.');
  await publish('creme', `Crème Biscuits ${word}`);
  await publish('mangoName', `Mango Pickle ${word}`, 'Sour and hot.');
  await publish('mangoDescription', `Lime Pickle ${word}`, 'Tastes a little of mango too.');
  for (let at = 0; at < 6; at += 1) await publish(`jar${at}`, `Jar ${at} ${word}`);
}, 60_000);

afterAll(async () => {
  await replica.stop();
  await producer.close();
  await changeBehindItsBack((products) => products.deleteMany({ category: { $in: [category, markers] } }));
  await catalog.close();
  await redis.quit();
});

it('finds a product by its name with one typo a word', async () => {
  expect((await search('chiken')).ids).toEqual([ids.chicken]);
  expect((await search('deshi chiken')).ids).toEqual([ids.chicken]);
});

it('forgives a typo only in a word the shelf does not have as typed: "rice" finds the rice, not what is ripe or rich', async () => {
  const rice = await publish('rice', 'Miniket Rice 5 kg', 'Polished, for everyday bhaat.');
  const ripe = await publish('ripe', 'Ripe Papaya', 'Sweet and soft.');
  await publish('rich', 'Rich Fruit Cake', 'Dense with raisins.');
  await eventually(async () => expect((await search('ripe')).ids).toEqual([ripe]));
  expect((await search('rice')).ids).toEqual([rice]);
  expect((await search('miniket rice')).ids).toEqual([rice]);
  // a misspelling still finds what it is one typo from, alone or beside a word spelt right
  expect((await search('ricee')).ids).toEqual([rice]);
  expect((await search('miniket ricee')).ids).toEqual([rice]);
});

it('finds a product whatever the case and accents of the words', async () => {
  for (const q of ['creme', 'CRÈME', 'Crème', 'biscuíts']) expect((await search(q)).ids).toEqual([ids.creme]);
});

it('ranks a product that has the word in its name before one that has it in its description', async () => {
  expect((await search('mango')).ids).toEqual([ids.mangoName, ids.mangoDescription]);
  expect((await search('mango', '&sort=newest')).ids).toEqual([ids.mangoDescription, ids.mangoName]);
});

it('keeps to the category asked for, and counts what it found in every page', async () => {
  const { ids: found, total } = await search(word, '&pageSize=4&page=2');
  expect(total).toBe('10');
  expect(found).toHaveLength(4);
  const other = await fetch(`${stackEnv.catalogUrl}/products?q=chiken&category=${encodeURIComponent(`${category} other`)}`);
  expect(await other.json()).toEqual([]);
});

it('names close searches in a header when a search finds nothing, the body still an empty array', async () => {
  const { ids: found, total, closeMatches } = await search('chikcen');
  expect(found).toEqual([]);
  expect(total).toBe('0');
  expect(closeMatches?.split(',').map(decodeURIComponent)).toContain('chicken');
  expect((await search('chicken')).closeMatches).toBeNull();
});

it('suggests at most 8 products as the shopper types, each with what the search box shows', async () => {
  const suggested = await suggestions(word.slice(0, -2));
  expect(suggested).toHaveLength(MAX_SUGGESTIONS);
  for (const product of suggested) expect(Object.keys(product).sort()).toEqual(['_id', 'img', 'name', 'price']);
  expect((await suggestions(`${word} deshi chi`))[0]).toEqual({
    _id: ids.chicken,
    name: `Deshi Chicken ${word} 1 kg`,
    img: '/media/test.webp',
    price: 250,
  });
});

it('suggests and finds a product as soon as it is published, through any replica', async () => {
  const id = await publish('fresh', `Hilsa Fish ${word}`);
  expect((await suggestions(`hilsa ${word}`)).map((product) => product._id)).toEqual([id]);
  expect((await search('hilsa')).ids).toEqual([id]);
  await eventually(async () => expect((await suggestions(`hilsa ${word}`, replica.url)).map((product) => product._id)).toEqual([id]));
  expect((await search('hilsa', '', replica.url)).ids).toEqual([id]);
});

it('learns of products changed and removed without an event once the cache is cleared, Bangla names included', async () => {
  await changeBehindItsBack((products) =>
    products.updateOne(
      { _id: new mongoose.Types.ObjectId(ids.jar0) },
      { $set: { name: `Shrimp ${word}`, name_bn: 'চিংড়ি মাছ', updatedAt: new Date() } },
    ),
  );
  await eventually(async () => expect((await search('shrimp')).ids).toEqual([ids.jar0]));
  expect((await search('চিংড়ি')).ids).toEqual([ids.jar0]);
  expect((await suggestions('চিংড়ি'))[0]).toMatchObject({ _id: ids.jar0, name: `Shrimp ${word}`, name_bn: 'চিংড়ি মাছ' });
  expect((await suggestions(`jar 0 ${word}`)).map((product) => product._id)).not.toContain(ids.jar0);

  await changeBehindItsBack((products) => products.deleteOne({ _id: new mongoose.Types.ObjectId(ids.jar1) }));
  await eventually(async () => expect((await suggestions(`jar 1 ${word}`)).map((product) => product._id)).not.toContain(ids.jar1));
  expect((await search(word)).total).toBe('10');
});

/** Products only the catalog's product-changed consumer learns of, in a category of their own. */
const markers = `${category} markers`;

/** Announces a change of a product, as the catalog's outbox does after each write. */
const announce = (productId: string, change: 'created' | 'updated') =>
  producer.send(TOPICS.productChanged, [{ key: productId, value: JSON.stringify(newEvent('ProductChanged', { productId, change })) }]);

/** Waits until the catalog has applied every product-changed event sent so far: the topic has one
 *  partition, so once a product announced after them (and written without clearing the cache) is
 *  found, they were applied. A test elsewhere clearing the whole cache meanwhile makes it found
 *  sooner, which can only hide a fault here, never make one. */
async function changesApplied(): Promise<void> {
  // a word of its own: one typo from another marker's would find that one too
  const name = `Marker ${randomUUID().slice(0, 8)}`;
  const _id = new mongoose.Types.ObjectId();
  const now = new Date();
  await catalog.collection('products').insertOne({
    _id,
    name,
    description: 'Marks a point in the topic.',
    img: '/media/test.webp',
    pricePaisa: 100,
    quantity: 1,
    category: markers,
    createdAt: now,
    updatedAt: now,
  });
  await announce(_id.toString(), 'created');
  await eventually(async () => {
    const found = await fetch(`${stackEnv.catalogUrl}/products?q=${encodeURIComponent(name)}&category=${encodeURIComponent(markers)}`);
    expect(ProductList.parse(await found.json()).map((product) => product._id)).toEqual([_id.toString()]);
  });
}

it('keeps the order of a search as it was when a product it does not list changes, or its change is heard again', async () => {
  const [mango, lychee] = [`mango${run}`, `lychee${run}`];
  // as relevant as each other for both words: each has one in its name and the other in its
  // description, and each word is in the names of two products
  const first = await publish('mangoChutney', `${mango} Chutney`, `With ${lychee}.`);
  const second = await publish('lycheeChutney', `${lychee} Chutney`, `With ${mango}.`);
  const jam = await publish('mangoJam', `${mango} Jam`);
  await publish('lycheeJam', `${lychee} Jam`);
  await changesApplied();
  const query = `/products?q=${encodeURIComponent(`${mango} ${lychee}`)}&category=${encodeURIComponent(category)}`;
  const read = await fetch(`${stackEnv.catalogUrl}${query}`);
  expect(ProductList.parse(await read.json()).map((product) => product._id)).toEqual([first, second]);
  const reload = async () =>
    (await rawRequest(stackEnv.catalogUrl, query, { headers: { 'if-none-match': read.headers.get('etag')! } })).status;

  // each read after the events were applied assembles the page afresh (the cache cleared)
  const reloadAfresh = async () => {
    await changesApplied();
    await clearCache();
    return reload();
  };

  await announce(jam, 'updated');
  expect(await reloadAfresh()).toBe(304);

  const edited = await fetch(`${stackEnv.catalogUrl}/products/${jam}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...admin },
    body: JSON.stringify({ description: 'Sweeter this season.' }),
  });
  expect(edited.status).toBe(200);
  expect(await reload()).toBe(304);
  expect(await reloadAfresh()).toBe(304);
});

it('finds every product published while a replica starts, before, while and after its index loads', async () => {
  let ready = false;
  const starting = startServiceReplica('catalog', 4012).finally(() => (ready = true));
  const published: string[] = [];
  const publishOne = async () => {
    const at = published.push('') - 1;
    published[at] = await publish(`starting${at}`, `Starting ${at} ${word}`);
  };
  // four at a time: until it answers, then a few more while its consumer joins its group
  const publishing = async () => {
    while (!ready) await publishOne();
    for (let more = 0; more < 4; more += 1) await publishOne();
  };
  await Promise.all([publishing(), publishing(), publishing(), publishing()]);
  const late = await starting;
  try {
    for (const [at, id] of published.entries())
      await eventually(async () =>
        expect((await suggestions(`starting ${at} ${word}`, late.url)).map((product) => product._id)).toEqual([id]),
      );
  } finally {
    await late.stop();
  }
}, 90_000);

it.each([
  ['', 'q is required'],
  ['?q=', 'q must not be empty'],
  ['?q=%20%20', 'q must not be empty'],
  [`?q=${'a'.repeat(101)}`, 'q must be at most 100 characters'],
  ['?q=rice&limit=3', 'limit'],
])('refuses suggestions for %s in plain words', async (query, problem) => {
  const response = await fetch(`${stackEnv.catalogUrl}/products/suggestions${query}`);
  expect(response.status).toBe(400);
  expect(((await response.json()) as { error: string }).error).toContain(problem);
});
