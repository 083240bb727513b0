import { remotePageAt, remotePages } from './pages';

const at = (url: string) => {
  const found = remotePageAt(new URL(url, 'https://shop.test'));
  return found && { module: found.page.module, read: found.page.firstRead?.(found.params, new URL(url, 'https://shop.test').searchParams) };
};

test('each public page is found with the read its first view makes, as the remote fetches it', () => {
  expect(at('/')).toEqual({ module: remotePages.home.module, read: '/api/products?pageSize=16' });
  expect(at('/search?search=%20red%20rice%20')).toEqual({ module: remotePages.search.module, read: '/api/products?q=red+rice&page=1' });
  expect(at('/search')).toEqual({ module: remotePages.search.module, read: '/api/products?page=1' });
  expect(at('/search?page=3&sort=price-desc&category=Rice')).toEqual({
    module: remotePages.search.module,
    read: '/api/products?category=Rice&sort=price-desc&page=3',
  });
  expect(at('/product-details/6650a1b2c3d4e5f6a7b8c9d0')).toEqual({
    module: remotePages.product.module,
    read: '/api/product-details/6650a1b2c3d4e5f6a7b8c9d0',
  });
  expect(at('/about')).toEqual({ module: remotePages.about.module, read: undefined });
});

test('pages under a path with a rest match any depth below it; other addresses are no remote page', () => {
  expect(at('/dashboard')?.module).toBe(remotePages.dashboard.module);
  expect(at('/dashboard/my-orders')?.module).toBe(remotePages.dashboard.module);
  expect(at('/product-details')).toBeUndefined();
  expect(at('/product-details/a/b')).toBeUndefined();
  expect(at('/login')).toBeUndefined();
  expect(at('/no-such-page')).toBeUndefined();
});
