import { storefrontConfig } from '@bazar/web-kit/webpack';

export default storefrontConfig({
  appDir: import.meta.dirname,
  name: 'cart',
  publicPath: 'auto',
  routes: './src/routes.mts',
  // Add to cart and the stepper, for the catalog's cards and product page (mf-catalog/src/cart.tsx).
  modules: { './add-to-cart': './src/add-to-cart.tsx' },
});
