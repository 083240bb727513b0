// nginx's micro-cache of the public catalog reads: a repeated read within the second is served by
// nginx itself (X-Cache-Status: HIT), a reload (Cache-Control: no-cache) goes to the gateway, and a
// product an admin just published shows on the next load once the second is up; never a stale list
// after that.
import { InsertAnswer, ProductList } from '@bazar/contracts';
import { ACCOUNTS, eventually, gatewayCall, signedInAndSynced, stackEnv } from '@bazar/testing';
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
