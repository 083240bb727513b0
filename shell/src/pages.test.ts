import { firstReads } from './firstReads';
import { layoutsOf, pageAt } from './pages';
import type { StorePage } from './remotes';

const page = (remote: string, path: string, more: Partial<StorePage> = {}): StorePage => ({
  remote,
  path,
  expose: `./${path}`,
  access: 'public',
  ...more,
});
const pages: StorePage[] = [
  page('catalog', '/', { firstRead: 'homeProducts' }),
  page('catalog', '/search', { firstRead: 'productListPage' }),
  page('catalog', '/product-details/:id', { firstRead: 'productDetails', loader: true }),
  page('catalog', '/about'),
  page('dashboard', '/dashboard', { access: 'signedIn', layout: true }),
  page('dashboard', '/dashboard', { access: 'signedIn', expose: './Start' }),
  page('dashboard', '/dashboard/my-profile', { access: 'signedIn' }),
  page('cart', '/dashboard/my-orders', { access: 'signedIn' }),
  page('dashboard', '/dashboard/*', { access: 'signedIn', expose: './AnyOtherPage' }),
];

const at = (url: string) => {
  const address = new URL(url, 'https://shop.test');
  const found = pageAt(address, pages);
  return (
    found && { path: found.page.path, read: found.page.firstRead && firstReads[found.page.firstRead](found.params, address.searchParams) }
  );
};

test('each public page is found with the read its first view makes, as the remote fetches it', () => {
  expect(at('/')).toEqual({ path: '/', read: '/api/products?pageSize=16' });
  expect(at('/search?search=%20red%20rice%20')).toEqual({ path: '/search', read: '/api/products?q=red+rice&page=1' });
  expect(at('/search')).toEqual({ path: '/search', read: '/api/products?page=1' });
  expect(at('/search?page=3&sort=price-desc&category=Rice')).toEqual({
    path: '/search',
    read: '/api/products?category=Rice&sort=price-desc&page=3',
  });
  expect(at('/product-details/6650a1b2c3d4e5f6a7b8c9d0')).toEqual({
    path: '/product-details/:id',
    read: '/api/product-details/6650a1b2c3d4e5f6a7b8c9d0',
  });
  expect(at('/about')).toEqual({ path: '/about', read: undefined });
});

test('a literal path wins over a rest, whichever remote owns it; a page shows in the layouts above its path', () => {
  expect(pageAt(new URL('https://shop.test/dashboard/my-orders'), pages)?.page.remote).toBe('cart');
  expect(at('/dashboard/my-profile')?.path).toBe('/dashboard/my-profile');
  expect(pageAt(new URL('https://shop.test/dashboard'), pages)?.page.expose).toBe('./Start');
  expect(pageAt(new URL('https://shop.test/dashboard/no-such-page'), pages)?.page.expose).toBe('./AnyOtherPage');
  expect(layoutsOf(pages[7]!, pages).map((layout) => layout.path)).toEqual(['/dashboard']);
  expect(layoutsOf(pages[3]!, pages)).toEqual([]);
});

test('other addresses are no remote page', () => {
  expect(at('/product-details')).toBeUndefined();
  expect(at('/product-details/a/b')).toBeUndefined();
  expect(at('/login')).toBeUndefined();
  expect(at('/no-such-page')).toBeUndefined();
});
