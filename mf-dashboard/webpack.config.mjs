import { storefrontConfig } from '@bazar/web-kit/webpack';

export default storefrontConfig({
  appDir: import.meta.dirname,
  name: 'dashboard',
  publicPath: 'auto',
  routes: './src/routes.mts',
});
