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
