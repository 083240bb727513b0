import { IDEMPOTENCY_KEY_HEADER } from '@bazar/contracts';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query';
import { declaredMutation, declaredQuery, declaredRequest, STOREFRONT_TAGS } from './declared-endpoints';

test('a call is sent as its declaration says: method, path with its one parameter, body', () => {
  expect(declaredRequest('myCart', 'a b@example.com')).toEqual({ url: '/myallcart/a%20b%40example.com', method: 'GET' });
  expect(declaredRequest('listOffers', undefined)).toEqual({ url: '/alloffers', method: 'GET' });
  expect(declaredRequest('publishOffer', { img: 'x.png' } as never)).toEqual({ url: '/offer', method: 'POST', body: { img: 'x.png' } });
});

test('a call of several parts names them', () => {
  expect(declaredRequest('setOrderStatus', { params: { id: 'o1' }, body: { status: 'packed' } })).toEqual({
    url: '/orderstatus/o1',
    method: 'PUT',
    body: { status: 'packed' },
  });
  const order = { name: 'A', email: 'a@example.com', phone: '01712345678', addinfo: '', total: 1, mycart: [] };
  expect(declaredRequest('placeOrder', { headers: { [IDEMPOTENCY_KEY_HEADER]: 'key-12345' }, body: order })).toEqual({
    url: '/orderplace',
    method: 'POST',
    headers: { [IDEMPOTENCY_KEY_HEADER]: 'key-12345' },
    body: order,
  });
});

test("a query's parameters go in their declared order, without the empty ones", () => {
  // the order of productListPath, which the shell's preload of a list page asks for
  expect(declaredRequest('listProducts', { pageSize: 16, sort: 'newest', q: 'rice', category: '' })).toEqual({
    url: '/products?q=rice&sort=newest&pageSize=16',
    method: 'GET',
  });
  expect(declaredRequest('listProducts', {}).url).toBe('/products');
});

test('an endpoint the declaration does not have is no query or mutation of the api', () => {
  createApi({
    baseQuery: fetchBaseQuery(),
    tagTypes: STOREFRONT_TAGS,
    endpoints: (build) => ({
      // @ts-expect-error -- not declared
      ghost: declaredQuery(build, 'noSuchEndpoint'),
      // @ts-expect-error -- not declared
      ghostly: declaredMutation(build, 'noSuchEndpoint'),
    }),
  });
});
