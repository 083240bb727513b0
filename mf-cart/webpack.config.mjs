import { storefrontConfig } from '@bazar/web-kit/webpack';

export default storefrontConfig({
  appDir: import.meta.dirname,
  name: 'cart',
  publicPath: 'auto',
  exposes: {
    './CartPage': './src/pages/CartPage.tsx',
    './CheckoutPage': './src/pages/CheckoutPage.tsx',
    './MyOrdersPage': './src/pages/MyOrdersPage.tsx',
  },
});
