import { storefrontConfig } from '@bazar/web-kit/webpack';

export default storefrontConfig({
  appDir: import.meta.dirname,
  name: 'catalog',
  publicPath: 'auto',
  exposes: {
    './HomePage': './src/pages/HomePage.tsx',
    './SearchPage': './src/pages/SearchPage.tsx',
    './ProductDetailsRoute': './src/pages/ProductDetailsRoute.tsx',
    './AboutPage': './src/pages/AboutPage.tsx',
    './BlogsPage': './src/pages/BlogsPage.tsx',
    './ContactPage': './src/pages/ContactPage.tsx',
    './WishlistPage': './src/pages/WishlistPage.tsx',
    './ComparePage': './src/pages/ComparePage.tsx',
  },
});
