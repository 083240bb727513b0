import { storefrontServerConfig } from '@bazar/web-kit/webpack/server';

// The catalog's pages for React to render in Node (docs/decisions/server-rendering.md): dist/server/,
// beside the browser build, published with the same routes in its own mf-manifest.json.
export default storefrontServerConfig({
  appDir: import.meta.dirname,
  name: 'catalog',
  routes: './src/routes.mts',
});
