import { pageName } from './pages';

describe('the name a rendered page is kept under', () => {
  it("names home, the static pages, the plain first page of a category or a search, and a product's page", () => {
    expect(pageName('/')).toBe('home');
    expect(pageName('/about')).toBe('about');
    expect(pageName('/search?category=Fruits+%26+Vegetables')).toBe('search/category=Fruits+%26+Vegetables');
    expect(pageName('/search?search=red%20rice')).toBe('search/search=red%20rice');
    expect(pageName('/product-details/6b0684972734d7ece0f87de3')).toBe('product/6b0684972734d7ece0f87de3');
  });

  it('names nothing else: sorted or later pages, other pages, nor anything that could leave the folder', () => {
    for (const address of [
      '/search?category=Rice&page=2',
      '/search?sort=price-asc',
      '/search',
      '/about?x=1',
      '/cart',
      '/product-details/6b0684972734d7ece0f87de3?ref=home',
      '/product-details/6B0684972734D7ECE0F87DE3',
      '/product-details/6b0684972734d7ece0f87de',
      '/product-details/../about',
      '/search?search=../../etc',
      '/search?search=a/b',
      '//about',
    ])
      expect(pageName(address)).toBeUndefined();
  });
});
