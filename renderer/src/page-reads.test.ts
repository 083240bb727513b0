import { readAddress } from './page-reads';

const store = 'http://127.0.0.1:8080';
const services = { catalog: 'http://127.0.0.1:4001' };

test.each([
  ['/api/product-details/6650c0ffee0000000000abcd', 'http://127.0.0.1:4001/product-details/6650c0ffee0000000000abcd'],
  ['/api/products?category=Fish&page=2&pageSize=24', 'http://127.0.0.1:4001/products?category=Fish&page=2&pageSize=24'],
  ['/api/products/suggestions?q=ric', 'http://127.0.0.1:4001/products/suggestions?q=ric'],
  ['/api/alloffers', 'http://127.0.0.1:4001/alloffers'],
])('a public read of the catalog, %s, is asked at the catalog', (read, expected) => {
  expect(readAddress(read, store, services).href).toBe(expected);
});

test('a public read of a service whose address the renderer has not goes through the store', () => {
  expect(readAddress('/api/alloffers', store, {}).href).toBe(`${store}/api/alloffers`);
});

test.each([
  ['a read that is not public', '/api/myallcart/shopper%40bazar.test'],
  ['a write', '/api/addproducts'],
  ['an address the API does not declare', '/api/product-details/1/more'],
  ['a path outside the API', '/products'],
])('%s goes through the store: %s', (_, read) => {
  expect(readAddress(read, store, services).href).toBe(`${store}${read}`);
});
