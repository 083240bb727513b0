import { productListPageRequest, productListPath } from './product-list';

const requestAt = (query: string) => productListPageRequest(new URLSearchParams(query));

test("a list page's address gives the page of products it shows", () => {
  expect(requestAt('search=%20red%20rice%20&category=Rice&sort=popular&page=3')).toEqual({
    q: 'red rice',
    category: 'Rice',
    sort: 'popular',
    page: 3,
  });
  expect(requestAt('')).toEqual({ q: undefined, category: undefined, sort: undefined, page: 1 });
});

test.each(['page=0', 'page=-2', 'page=1.5', 'page=two', 'page=10001', 'page='])('%s is the first page', (query) => {
  expect(requestAt(query).page).toBe(1);
});

test('an unknown sort is the shelf order; blank text is no filter; long text is cut to what the API takes', () => {
  expect(requestAt('sort=cheapest').sort).toBeUndefined();
  expect(requestAt('search=%20%20&category=').q).toBeUndefined();
  expect(requestAt(`search=${'a'.repeat(150)}`).q).toHaveLength(100);
});

test('the path names the parameters given, always in the same order', () => {
  expect(productListPath({})).toBe('/products');
  expect(productListPath({ pageSize: 16 })).toBe('/products?pageSize=16');
  expect(productListPath({ page: 2, sort: 'price-asc', category: 'Dal & Lentils', q: 'mug dal' })).toBe(
    '/products?q=mug+dal&category=Dal+%26+Lentils&sort=price-asc&page=2',
  );
});
