// nginx's micro-cache of the public catalog reads: a repeated read within the second is served by
// nginx itself (X-Cache-Status: HIT), a reload (Cache-Control: no-cache) goes to the gateway, and a
// product an admin just published shows on the next load once the second is up; never a stale list
// after that.
import { InsertAnswer, ProductList } from '@bazar/contracts';
import { ACCOUNTS, eventually, gatewayCall, publishProductAs, signedInAndSynced, stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';

const run = `${Date.now()}`;
afterAll(async () => {
  const catalog = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'catalog' }).asPromise();
  await catalog.collection('products').deleteMany({ name: { $regex: run } });
  await catalog.close();
});

const storeRead = (headers: Record<string, string> = {}) => fetch(`${stackEnv.webUrl}/api/products`, { headers });
const names = async (response: Response) => ProductList.parse(await response.json()).map((product) => product.name);

it('serves repeats from nginx, and a newly published product on the next load', async () => {
  await storeRead();
  await eventually(async () => expect((await storeRead()).headers.get('x-cache-status')).toBe('HIT'), 5_000, 50);
  expect((await storeRead({ 'cache-control': 'no-cache' })).headers.get('x-cache-status')).toBe('BYPASS');

  const admin = await signedInAndSynced(ACCOUNTS.admin);
  const name = `Micro-cache Tea ${run}`;
  const product = { name, price: '120', quantity: '3', description: 'Fresh from the garden.', img: '/media/test.webp' };
  const published = await gatewayCall('POST', '/addproducts', admin, product);
  expect(published.status).toBe(201);
  InsertAnswer.parse(published.body);

  expect(await names(await storeRead({ 'cache-control': 'no-cache' }))).toContain(name);
  await eventually(async () => expect(await names(await storeRead())).toContain(name), 5_000, 100);
});

// A page of a list whose total grew beyond it: nginx revalidates its entry every second, and a 304
// leaves it the headers it first stored, so the total is only as current as the ETag says.
it('keeps the total of a page current when a product joins the list beyond that page', async () => {
  const word = `Totalcheck${run.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
  const admin = await signedInAndSynced(ACCOUNTS.admin);
  const publish = (name: string, price: number) => publishProductAs(admin, { name, price, quantity: 3, description: 'Counted.' });
  const firstPage = async () => {
    const answer = await fetch(`${stackEnv.webUrl}/api/products?q=${word}&sort=price-desc&page=1&pageSize=1`);
    return { names: await names(answer), total: answer.headers.get('x-total-count') };
  };

  await publish(`${word} Honey ${run}`, 500);
  await eventually(async () => expect(await firstPage()).toEqual({ names: [`${word} Honey ${run}`], total: '1' }), 5_000, 100);
  // the entry is read and revalidated from now on, its body unchanged by the cheaper product
  await publish(`${word} Salt ${run}`, 20);
  await eventually(async () => expect(await firstPage()).toEqual({ names: [`${word} Honey ${run}`], total: '2' }), 5_000, 100);
});
