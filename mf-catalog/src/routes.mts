import type { PageRoute } from '@bazar/web-kit';

/** The catalog's pages: the shell shows them under these paths and puts their links in its menus. */
export default [
  {
    path: '/',
    page: './pages/HomePage.tsx',
    access: 'public',
    firstRead: 'homeProducts',
    menu: { in: 'sections', label: 'menu.home', order: 10 },
  },
  { path: '/search', page: './pages/SearchPage.tsx', access: 'public', firstRead: 'productListPage' },
  { path: '/product-details/:id', page: './pages/ProductDetailsRoute.tsx', access: 'public', loader: true, firstRead: 'productDetails' },
  { path: '/about', page: './pages/AboutPage.tsx', access: 'public', menu: { in: 'sections', label: 'menu.about', order: 20 } },
  { path: '/blogs', page: './pages/BlogsPage.tsx', access: 'public', menu: { in: 'sections', label: 'menu.blogs', order: 30 } },
  { path: '/contact', page: './pages/ContactPage.tsx', access: 'public', menu: { in: 'sections', label: 'menu.contact', order: 40 } },
  { path: '/wishlist', page: './pages/WishlistPage.tsx', access: 'public' },
  { path: '/compare', page: './pages/ComparePage.tsx', access: 'public' },
] satisfies PageRoute[];
