import path from 'node:path';
import webpack from 'webpack';
import { storefrontServerConfig } from '@bazar/web-kit/webpack/server';

const config = storefrontServerConfig({
  appDir: import.meta.dirname,
  name: 'shell',
  entry: './src/server/render-page.tsx',
});

/** The shell for React to render in Node (docs/decisions/server-rendering.md): dist/server/render.js,
 *  its federation the server's (src/server/federation.ts) in place of the browser's. */
export default async (env, argv) => {
  const built = await config(env, argv);
  const browserFederation = path.join(import.meta.dirname, 'src', 'federation.ts');
  const serverFederation = path.join(import.meta.dirname, 'src', 'server', 'federation.ts');
  return {
    ...built,
    plugins: [
      ...built.plugins,
      new webpack.NormalModuleReplacementPlugin(/\/federation$/, (resource) => {
        if (path.resolve(resource.context, resource.request) === browserFederation.replace(/\.ts$/, ''))
          resource.request = serverFederation;
      }),
    ],
  };
};
