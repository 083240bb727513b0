import { pageName } from './pages';

describe('the name a rendered page is kept under', () => {
  it('names home, the static pages and the plain first page of a category or a search', () => {
    expect(pageName('/')).toBe('home');
    expect(pageName('/about')).toBe('about');
    expect(pageName('/search?category=Fruits+%26+Vegetables')).toBe('search/category=Fruits+%26+Vegetables');
    expect(pageName('/search?search=red%20rice')).toBe('search/search=red%20rice');
  });

  it('names nothing else: sorted or later pages, other pages, nor anything that could leave the folder', () => {
    for (const address of [
      '/search?category=Rice&page=2',
      '/search?sort=price-asc',
      '/search',
      '/about?x=1',
      '/cart',
      '/product-details/6b0684972734d7ece0f87de3',
      '/search?search=../../etc',
      '/search?search=a/b',
      '//about',
    ])
      expect(pageName(address)).toBeUndefined();
  });
});
