// Nothing oversold: many shoppers ordering the last units of a product at the same moment, through
// two order service replicas at once (the stack's and one started here), with the services on
// their default pools of database connections (several at once: a pool of one would line the
// writes up and hide a race). Exactly what was on the shelf is sold; every refusal says why.
import { PlaceOrderAnswer } from '@bazar/contracts';
import { stackEnv } from '@bazar/testing';
import { shopper, TestShelf } from '@bazar/testing/shop';
import { startOrderReplica, type OrderReplica } from '../test/replica';

const shelf = new TestShelf();
let replica: OrderReplica;

beforeAll(async () => {
  replica = await startOrderReplica(4014);
});
afterAll(async () => {
  await replica.stop();
  await shelf.clear();
});

it.each([
  { shoppers: 20, each: 1, onShelf: 10 },
  { shoppers: 12, each: 3, onShelf: 10 },
])('sells exactly the $onShelf units on the shelf to $shoppers shoppers wanting $each each', async ({ shoppers, each, onShelf }) => {
  const carrot = await shelf.stock('Fresh Carrot', 60, 40);
  const buyers = Array.from({ length: shoppers }, (_, i) => shopper('last', { orderUrl: i % 2 ? replica.url : stackEnv.orderUrl }));
  for (const buyer of buyers) expect((await buyer.addToCart(carrot, each)).status).toBe(201);
  // the shelf empties to the last units after the carts were filled
  await setStock(carrot, onShelf);

  const answers = await Promise.all(buyers.map((buyer) => buyer.placeOrder()));
  const sold = answers.filter((answer) => answer.status === 201);
  const refused = answers.filter((answer) => answer.status !== 201);
  const unitsSold = sold.flatMap((answer) => PlaceOrderAnswer.parse(answer.body).order.items).reduce((sum, item) => sum + item.quantity, 0);
  expect(unitsSold).toBe(Math.floor(onShelf / each) * each);
  expect(await shelf.stockOf(carrot)).toBe(onShelf - unitsSold);
  for (const answer of refused) {
    expect(answer).toMatchObject({
      status: 409,
      body: { error: expect.stringMatching(/^(Only \d left of|.* is out of stock)/), code: 'out-of-stock' },
    });
  }
  // the refused keep their carts; the served have none left
  const carts = await Promise.all(buyers.map(async (buyer) => (await buyer.cart()).reduce((sum, line) => sum + line.cartQuantity, 0)));
  expect(carts.filter((pieces) => pieces === each)).toHaveLength(refused.length);
  expect(carts.filter((pieces) => pieces === 0)).toHaveLength(sold.length);
});

/** Sets a product's stock as the admin's catalog tooling would: straight in its document. */
async function setStock(productId: string, quantity: number): Promise<void> {
  const mongoose = (await import('mongoose')).default;
  const catalog = await mongoose.createConnection(stackEnv.mongoUrl, { dbName: 'catalog' }).asPromise();
  try {
    await catalog.collection('products').updateOne({ _id: new mongoose.Types.ObjectId(productId) }, { $set: { quantity } });
  } finally {
    await catalog.close();
  }
  await shelf.dropCachedProducts();
}
