import { storefrontConfig } from '@bazar/web-kit/webpack';

export default storefrontConfig({
  appDir: import.meta.dirname,
  name: 'dashboard',
  publicPath: 'auto',
  exposes: {
    './DashboardPage': './src/DashboardPage.tsx',
  },
});
