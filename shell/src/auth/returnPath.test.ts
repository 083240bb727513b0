import { returnPath } from './returnPath';

test('returns to the page the visitor came from, with its query and hash', () => {
  expect(returnPath({ from: { pathname: '/search', search: '?search=dal', hash: '#top' } })).toBe('/search?search=dal#top');
});

test('falls back to the home page without a remembered page', () => {
  expect(returnPath(null)).toBe('/');
  expect(returnPath({})).toBe('/');
});

test('never returns to a sign-in page, which would hand over to Keycloak again', () => {
  expect(returnPath({ from: { pathname: '/login' } })).toBe('/');
  expect(returnPath({ from: { pathname: '/singup' } })).toBe('/');
});

describe('a Login link followed before the page hydrated (a plain link: no state)', () => {
  const referrer = (path: string) => new URL(path, 'http://localhost:8080');

  test('returns to the page of the store that linked to it', () => {
    expect(returnPath(null, referrer('/about'))).toBe('/about');
    expect(returnPath(null, referrer('/search?search=dal'))).toBe('/search?search=dal');
  });

  test("never to a sign-in page or Keycloak's, and the remembered page comes first", () => {
    expect(returnPath(null, referrer('/singup'))).toBe('/');
    expect(returnPath(null, referrer('/auth/realms/bazar/protocol/openid-connect/auth'))).toBe('/');
    expect(returnPath({ from: { pathname: '/cart' } }, referrer('/about'))).toBe('/cart');
  });
});

describe('back from Keycloak at /login (issue 53: the realm accepts exact addresses only)', () => {
  test('goes on to the page remembered when the sign-in started, with its query', () => {
    expect(returnPath(null, undefined, '/checkout')).toBe('/checkout');
    expect(returnPath(null, new URL('http://localhost:8080/auth/realms/bazar/login-actions/authenticate'), '/search?search=dal')).toBe(
      '/search?search=dal',
    );
  });

  test('never to another site or a sign-in page, whatever the tab kept', () => {
    for (const kept of ['//evil.example/', '/\\evil.example/', 'https://evil.example/', '/login', '/auth/realms/bazar/', 'checkout'])
      expect({ kept, to: returnPath(null, undefined, kept) }).toEqual({ kept, to: '/' });
  });

  test('the navigation state and a page of the store that linked here come first', () => {
    expect(returnPath({ from: { pathname: '/cart' } }, undefined, '/checkout')).toBe('/cart');
    expect(returnPath(null, new URL('http://localhost:8080/about'), '/checkout')).toBe('/about');
  });
});
