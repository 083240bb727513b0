import { storefrontConfig } from '@bazar/web-kit/webpack';

export default storefrontConfig({
  appDir: import.meta.dirname,
  name: 'shell',
  publicPath: '/',
  html: { title: 'Bazar — Online Grocery Shop', template: './index.html' },
});
