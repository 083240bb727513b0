// The low-stock threshold the admin sets, kept by the catalog, and the products under it (issue 54,
// item 8), called as the gateway does. The store's threshold is put back as it was afterwards.
import { randomUUID } from 'node:crypto';
import { ProductList, StoreSettings, TOTAL_COUNT_HEADER } from '@bazar/contracts';
import { stackEnv } from '@bazar/testing';
import { adminIdentity, identityOf, TestShelf } from '@bazar/testing/shop';

const shelf = new TestShelf();
let kept: StoreSettings;
const ids: Record<'two' | 'seven' | 'fifty', string> = { two: '', seven: '', fifty: '' };

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = adminIdentity) {
  const response = await fetch(`${stackEnv.catalogUrl}${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, total: response.headers.get(TOTAL_COUNT_HEADER), body: (await response.json()) as unknown };
}
const lowStock = async (query = '?pageSize=48') => {
  const answer = await call('GET', `/lowstock${query}`);
  expect(answer.status).toBe(200);
  return { products: ProductList.parse(answer.body), total: Number(answer.total) };
};

beforeAll(async () => {
  kept = StoreSettings.parse((await call('GET', '/storesettings')).body);
  ids.two = await shelf.stock('Low Ghee', 900, 2);
  ids.seven = await shelf.stock('Low Dates', 400, 7);
  ids.fifty = await shelf.stock('Plenty Salt', 40, 50);
});
afterAll(async () => {
  if (kept) await call('PUT', '/storesettings', kept);
  await shelf.clear();
});

it('keeps the threshold the admin sets and lists the products under it, fewest first', async () => {
  expect(await call('PUT', '/storesettings', { lowStockThreshold: 8 })).toMatchObject({ status: 200, body: { lowStockThreshold: 8 } });
  expect((await call('GET', '/storesettings')).body).toEqual({ lowStockThreshold: 8 });
  const low = await lowStock();
  const mine = low.products.filter((product) => Object.values(ids).includes(product._id));
  expect(mine.map((product) => [product._id, product.quantity])).toEqual([
    [ids.two, 2],
    [ids.seven, 7],
  ]);
  expect(low.products.every((product) => product.quantity < 8)).toBe(true);
  expect(low.products.map((product) => product.quantity)).toEqual(
    [...low.products.map((product) => product.quantity)].sort((a, b) => a - b),
  );
  expect(low.total).toBeGreaterThanOrEqual(2);
  // a page at a time
  const [first, second] = [await lowStock(`?pageSize=1&page=1`), await lowStock(`?pageSize=1&page=2`)];
  expect(first.products).toHaveLength(1);
  expect(second.total).toBe(first.total);

  // a threshold of 3 leaves the dates out; none, nothing is low
  await call('PUT', '/storesettings', { lowStockThreshold: '3' });
  expect((await lowStock()).products.map((product) => product._id)).toContain(ids.two);
  expect((await lowStock()).products.map((product) => product._id)).not.toContain(ids.seven);
  await call('PUT', '/storesettings', { lowStockThreshold: 0 });
  expect(await lowStock()).toEqual({ products: [], total: 0 });
});

it('refuses a threshold that is not a whole number from 0 to 100,000, and anyone but an admin', async () => {
  for (const lowStockThreshold of [-1, 2.5, 'many', 100_001, null])
    expect(await call('PUT', '/storesettings', { lowStockThreshold })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('lowStockThreshold'), code: 'invalid-request' },
    });
  expect((await call('PUT', '/storesettings', { lowStockThreshold: 5, role: 'admin' })).status).toBe(400);
  expect((await call('PUT', '/storesettings', {})).status).toBe(400);
  const shopper = identityOf({ id: randomUUID(), email: `low-${randomUUID().slice(0, 8)}@example.com` });
  for (const [method, path, body] of [
    ['GET', '/storesettings'],
    ['PUT', '/storesettings', { lowStockThreshold: 1 }],
    ['GET', '/lowstock'],
  ] as const) {
    expect((await call(method, path, body, shopper)).status).toBe(403);
    expect((await call(method, path, body, {})).status).toBe(401);
  }
});
