// After an order (issue 54, items 5 and 6), on the stack's services: Buy again puts the order's lines
// back into the cart at the catalog's prices now, as much of each as the shelf holds, and names the
// rest; a receipt's PDF is the owner's (or an admin's); another shopper learns nothing of the order.
import { BuyAgainAnswer, Order, PlaceOrderAnswer, RECEIPT_CONTENT_TYPE } from '@bazar/contracts';
import { stackEnv } from '@bazar/testing';
import { adminIdentity, identityOf, shopper, TestShelf, type Shopper } from '@bazar/testing/shop';

const shelf = new TestShelf();
afterAll(() => shelf.clear());

async function placed(buyer: Shopper, lines: [string, number][]): Promise<string> {
  for (const [product, pieces] of lines) expect((await buyer.addToCart(product, pieces)).status).toBe(201);
  const answer = await buyer.placeOrder();
  expect(answer.status).toBe(201);
  return PlaceOrderAnswer.parse(answer.body).order._id;
}

const receipt = (orderId: string, headers: Record<string, string>, lang = 'en') =>
  fetch(`${stackEnv.orderUrl}/orders/${orderId}/receipt?lang=${lang}`, { headers });

it('buys an order again at today’s prices, naming what is no longer sold, out of stock or short', async () => {
  const [tea, jam, oil, rice] = await Promise.all([
    shelf.stock('Again Tea', 100, 10),
    shelf.stock('Again Jam', 250, 5, { name_bn: 'আবার জ্যাম' }),
    shelf.stock('Again Oil', 320, 2),
    shelf.stock('Again Rice', 90, 3),
  ]);
  const buyer = shopper('again');
  const orderId = await placed(buyer, [
    [tea, 2],
    [jam, 1],
    [oil, 2],
    [rice, 2],
  ]);
  expect(await buyer.cart()).toEqual([]);

  // since then: tea costs more, jam is no longer sold, oil is sold out, one rice is left
  await shelf.reprice(tea, 130);
  await shelf.withdraw(jam);

  const answer = await buyer.call(`${stackEnv.orderUrl}/orders/${orderId}/buy-again`, { method: 'POST' });
  expect(answer.status).toBe(200);
  const { lines, shortfalls } = BuyAgainAnswer.parse(answer.body);
  expect(lines.map((line) => [line.productId, line.cartQuantity, line.cartPrice])).toEqual([
    [tea, 2, 130],
    [rice, 1, 90],
  ]);
  expect(shortfalls).toEqual([
    expect.objectContaining({ productId: jam, requested: 1, added: 0, sold: false, name_bn: 'আবার জ্যাম' }),
    expect.objectContaining({ productId: oil, requested: 2, added: 0, sold: true }),
    expect.objectContaining({ productId: rice, requested: 2, added: 1, sold: true }),
  ]);
  expect(shortfalls[0]?.name).toMatch(/^Again Jam /);
  // the cart holds them at the catalog's price, whatever the order paid
  expect((await buyer.cart()).map((line) => [line.productId, line.cartQuantity, line.cartPrice])).toEqual([
    [tea, 2, 130],
    [rice, 1, 90],
  ]);

  // again: the cart already holds all the rice the shelf has, and more tea goes on its line
  const twice = BuyAgainAnswer.parse((await buyer.call(`${stackEnv.orderUrl}/orders/${orderId}/buy-again`, { method: 'POST' })).body);
  expect(twice.shortfalls.find((one) => one.productId === rice)).toMatchObject({ added: 0 });
  expect(await buyer.pieces()).toEqual([
    [tea, 4],
    [rice, 1],
  ]);
});

it('answers another shopper’s order like a missing one: no buying it again, no reading, no receipt', async () => {
  const tea = await shelf.stock('Private Tea', 80, 10);
  const buyer = shopper('owner');
  const orderId = await placed(buyer, [[tea, 1]]);
  const stranger = shopper('stranger');

  expect((await stranger.call(`${stackEnv.orderUrl}/orders/${orderId}/buy-again`, { method: 'POST' })).status).toBe(404);
  expect(await stranger.cart()).toEqual([]);
  expect((await stranger.call(`${stackEnv.orderUrl}/orders/${orderId}`)).status).toBe(404);
  const refused = await receipt(orderId, identityOf({ id: stranger.id, email: stranger.email }));
  expect(refused.status).toBe(404);
  expect(await refused.json()).toEqual({ error: 'No such order', code: 'no-such-order' });

  // the owner reads it; so does an admin
  const own = await buyer.call(`${stackEnv.orderUrl}/orders/${orderId}`);
  expect(own.status).toBe(200);
  expect(Order.parse(own.body)._id).toBe(orderId);
  const asAdmin = await fetch(`${stackEnv.orderUrl}/orders/${orderId}`, { headers: adminIdentity });
  expect(asAdmin.status).toBe(200);
});

it('gives the owner and an admin the receipt as a PDF, in English or Bangla', async () => {
  const fish = await shelf.stock('Receipt Hilsa', 1450, 10, { name_bn: 'রসিদ ইলিশ' });
  const buyer = shopper('receipt');
  const orderId = await placed(buyer, [[fish, 2]]);
  const own = identityOf({ id: buyer.id, email: buyer.email });

  for (const [headers, lang] of [
    [own, 'en'],
    [own, 'bn'],
    [adminIdentity, 'bn'],
  ] as const) {
    const answer = await receipt(orderId, headers, lang);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(RECEIPT_CONTENT_TYPE);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="bazar-receipt-${orderId}.pdf"`);
    const pdf = Buffer.from(await answer.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // the fonts go in with the text (subsets of Noto Sans Bengali), not left to the reader's machine
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2? /);
  }

  const unknownLanguage = await receipt(orderId, own, 'fr');
  expect(unknownLanguage.status).toBe(400);
  expect(await unknownLanguage.json()).toMatchObject({ error: expect.stringMatching(/lang/), code: 'invalid-request' });
});
