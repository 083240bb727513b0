// Catalog reads against the running catalog service and the real document store.
import { OfferList, Product, ProductList } from '@bazar/contracts';
import { stackEnv } from '@bazar/testing';

const get = async (path: string) => {
  const response = await fetch(`${stackEnv.catalogUrl}${path}`);
  return { status: response.status, body: (await response.json()) as unknown };
};
const names = (body: unknown) => ProductList.parse(body).map((p) => p.name);

it('lists the seeded products with prices in taka', async () => {
  const { status, body } = await get('/products');
  expect(status).toBe(200);
  const products = ProductList.parse(body);
  expect(products.length).toBeGreaterThanOrEqual(40);
  expect(products.find((p) => p.name === 'Miniket Rice 5 kg')?.price).toBe(420);
});

it('searches names and descriptions case-insensitively, in English and Bangla', async () => {
  expect(names((await get('/products?search=MINIKET')).body)).toContain('Miniket Rice 5 kg');
  expect(names((await get(`/products?search=${encodeURIComponent('মসুর')}`)).body)).toEqual(
    expect.arrayContaining(['Deshi Masoor Dal 1 kg', 'Bold Masoor Dal 1 kg']),
  );
  expect(names((await get(`/products?search=${encodeURIComponent('ইলিশ')}`)).body)).toEqual(['Hilsa Fish 1 kg (1 piece)']);
});

it('treats search text literally, never as a pattern', async () => {
  expect(await get(`/products?search=${encodeURIComponent('.*')}`)).toEqual({ status: 200, body: [] });
  expect(await get(`/products?search=${encodeURIComponent('(1 piece)')}`)).toMatchObject({
    status: 200,
    body: [expect.objectContaining({ name: 'Hilsa Fish 1 kg (1 piece)' })],
  });
});

it('refuses query operators and repeated parameters', async () => {
  expect(await get('/products?search[$ne]=x')).toEqual({ status: 400, body: { error: expect.any(String), code: 'invalid-request' } });
  expect(await get('/products?search=a&search=b')).toEqual({
    status: 400,
    body: { error: expect.stringContaining('search'), code: 'invalid-request' },
  });
});

it('answers one product, 400 for a malformed id and 404 for an unknown one', async () => {
  const [first] = ProductList.parse((await get('/products')).body);
  const detail = await get(`/product-details/${first!._id}`);
  expect(detail.status).toBe(200);
  expect(Product.parse(detail.body)).toEqual(first);
  expect(await get('/product-details/not-an-id')).toEqual({
    status: 400,
    body: { error: 'params id must be a 24-character hex id', code: 'invalid-request' },
  });
  expect(await get('/product-details/0123456789abcdef01234567')).toEqual({
    status: 404,
    body: { error: 'No such product', code: 'no-such-product' },
  });
});

it('lists the offers', async () => {
  const { status, body } = await get('/alloffers');
  expect(status).toBe(200);
  expect(OfferList.parse(body).length).toBeGreaterThanOrEqual(4);
});

it('refuses a write without the identity the gateway forwards', async () => {
  const response = await fetch(`${stackEnv.catalogUrl}/offer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ error: 'Sign in first', code: 'sign-in-first' });
});
