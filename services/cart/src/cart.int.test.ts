// The cart through the running gateway, as fresh Keycloak shoppers: who may see and change which
// line, the quantity control beyond the spec (PUT /cartquantity/{id}), and refused input.
import { randomInt } from 'node:crypto';
import { CartLine, CartLineList, ErrorAnswer } from '@bazar/contracts';
import { gatewayCall, newShopper, type TestAccount } from '@bazar/testing';
import { TestShelf } from '@bazar/testing/shop';

// this file's own address, so the per-address limits count it apart from other tests
const from = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
const call = (method: string, path: string, account?: TestAccount, body?: unknown) => gatewayCall(method, path, account?.token, body, from);
const shelf = new TestShelf();

let alice: TestAccount;
let bob: TestAccount;
let limes: string;

beforeAll(async () => {
  [alice, bob, limes] = await Promise.all([newShopper('alice'), newShopper('bob'), shelf.stock('Cart Limes', 12.5, 5)]);
});
afterAll(() => shelf.clear());

const cartOf = async (account: TestAccount) => CartLineList.parse((await call('GET', `/myallcart/${account.email}`, account)).body);

describe('PUT /cartquantity/{id}', () => {
  let line: CartLine;

  beforeAll(async () => {
    const added = await call('POST', '/addtocart', alice, { productId: limes, cartQuantity: 1 });
    expect(added.status).toBe(201);
    line = CartLine.parse(added.body);
  });

  it('sets the owner’s line to any quantity up to the stock', async () => {
    const set = await call('PUT', `/cartquantity/${line._id}`, alice, { cartQuantity: 5 });
    expect(set).toMatchObject({ status: 200, body: { ...line, cartQuantity: 5 } });
    expect((await call('PUT', `/cartquantity/${line._id}`, alice, { cartQuantity: 2 })).body).toMatchObject({ cartQuantity: 2 });
    expect(await cartOf(alice)).toEqual([{ ...line, cartQuantity: 2 }]);
  });

  it('refuses more than the stock, naming the product, and keeps the line as it was', async () => {
    const refused = await call('PUT', `/cartquantity/${line._id}`, alice, { cartQuantity: 6 });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: expect.stringMatching(/^Only 5 of Cart Limes \w+ left$/), code: 'not-enough-stock' },
    });
    // the quantity is the field to change, named as validate() names one
    const { error } = ErrorAnswer.parse(refused.body);
    expect(refused.body).toEqual({ error, code: 'not-enough-stock', fields: { cartQuantity: error }, available: 5 });
    expect((await cartOf(alice))[0]?.cartQuantity).toBe(2);
  });

  it('answers another shopper as if the line did not exist, and changes nothing', async () => {
    expect(await call('PUT', `/cartquantity/${line._id}`, bob, { cartQuantity: 1 })).toMatchObject({
      status: 404,
      body: { error: 'No such cart line', code: 'no-such-cart-line' },
    });
    expect(await call('DELETE', `/deletecart/${line._id}`, bob)).toMatchObject({
      status: 404,
      body: { error: 'No such cart line', code: 'no-such-cart-line' },
    });
    expect(await call('GET', `/myallcart/${alice.email}`, bob)).toMatchObject({
      status: 403,
      body: { error: 'You can only see your own cart', code: 'own-account-only' },
    });
    expect((await cartOf(alice))[0]?.cartQuantity).toBe(2);
  });

  it.each([
    [{ cartQuantity: 0 }, 'cartQuantity'],
    [{ cartQuantity: 100 }, 'cartQuantity'],
    [{ cartQuantity: 2.5 }, 'cartQuantity'],
    [{ cartQuantity: '3' }, 'cartQuantity'],
    [{ cartQuantity: { $gt: 0 } }, 'cartQuantity'],
    [{}, 'cartQuantity'],
  ])('refuses the body %j with a 400 naming %s', async (body, field) => {
    const refused = await call('PUT', `/cartquantity/${line._id}`, alice, body);
    expect(refused).toMatchObject({ status: 400, body: { error: expect.stringContaining(field), code: 'invalid-request' } });
    expect((await cartOf(alice))[0]?.cartQuantity).toBe(2);
  });

  it('refuses a malformed id, an unknown line and a caller without a token', async () => {
    expect(await call('PUT', '/cartquantity/not-an-id', alice, { cartQuantity: 1 })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('id'), code: 'invalid-request' },
    });
    expect(await call('PUT', '/cartquantity/0123456789abcdef01234567', alice, { cartQuantity: 1 })).toMatchObject({
      status: 404,
      body: { error: 'No such cart line', code: 'no-such-cart-line' },
    });
    expect(await call('PUT', `/cartquantity/${line._id}`, undefined, { cartQuantity: 1 })).toMatchObject({
      status: 401,
      body: { error: 'Sign in first', code: 'sign-in-first' },
    });
  });

  it('is listed in the gateway’s OpenAPI document', async () => {
    const document = (await call('GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
    };
    const operation = document.paths['/cartquantity/{id}']?.put;
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']));
    expect(operation?.requestBody).toBeDefined();
  });
});

describe('POST /addtocart', () => {
  it('refuses a cart line for someone else, an unknown product, bounds and operator objects', async () => {
    const error = 'You can only add to your own cart';
    expect(await call('POST', '/addtocart', bob, { productId: limes, userEmail: alice.email })).toMatchObject({
      status: 403,
      body: { error, code: 'own-account-only', fields: { userEmail: error } },
    });
    expect(await call('POST', '/addtocart', bob, { productId: '0123456789abcdef01234567' })).toMatchObject({
      status: 404,
      body: { error: 'No such product', code: 'no-such-product' },
    });
    for (const cartQuantity of [0, 100, 1.5])
      expect((await call('POST', '/addtocart', bob, { productId: limes, cartQuantity })).status).toBe(400);
    expect((await call('POST', '/addtocart', bob, { productId: { $gt: '' } })).status).toBe(400);
    expect(await cartOf(bob)).toEqual([]);
  });

  it('adds to the line there up to the stock, counting adds made at once, and refuses beyond it keeping the line', async () => {
    const dave = await newShopper('dave');
    const add = (cartQuantity: number) => call('POST', '/addtocart', dave, { productId: limes, cartQuantity });
    expect(await add(1)).toMatchObject({ status: 201, body: { cartQuantity: 1 } });
    expect((await Promise.all([add(1), add(1)])).map((answer) => answer.status)).toEqual([200, 200]);
    expect(await add(1)).toMatchObject({ status: 200, body: { cartQuantity: 4 } });
    const refused = await add(2);
    expect(refused).toMatchObject({
      status: 409,
      body: { error: expect.stringMatching(/^Only 5 of Cart Limes \w+ left$/), code: 'not-enough-stock' },
    });
    expect(refused.body).toEqual({
      error: ErrorAnswer.parse(refused.body).error,
      code: 'not-enough-stock',
      fields: { cartQuantity: ErrorAnswer.parse(refused.body).error },
      available: 5,
    });
    expect((await cartOf(dave)).map((line) => line.cartQuantity)).toEqual([4]);
  });

  it('copies the product’s Bangla name into the line when it has one', async () => {
    const lemons = await shelf.stock('Cart Lemons', 30, 5, { name_bn: 'কাগজি লেবু' });
    const carol = await newShopper('carol');
    expect((await call('POST', '/addtocart', carol, { productId: lemons })).body).toMatchObject({ cartName_bn: 'কাগজি লেবু' });
    expect((await call('POST', '/addtocart', carol, { productId: limes })).body).not.toHaveProperty('cartName_bn');
    expect((await cartOf(carol)).map((line) => line.cartName_bn)).toEqual(['কাগজি লেবু', undefined]);
  });
});
