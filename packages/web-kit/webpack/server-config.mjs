// @ts-check
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { sharedLibraries } from './federation.mjs';
import { remoteRoutes } from './routes.mjs';
import { sourceAliases, sourceRules } from './sources.mjs';

const serverQuery = fileURLToPath(new URL('./server-query.mjs', import.meta.url));
const serverI18next = fileURLToPath(new URL('./server-i18next.mjs', import.meta.url));
const webKitSources = fileURLToPath(new URL('../src/', import.meta.url));
const webKitI18n = fileURLToPath(new URL('../src/i18n.ts', import.meta.url));

/**
 * The server build of a storefront app (docs/decisions/server-rendering.md): the same sources as its
 * browser build (config.mjs), compiled for Node (`async-node`) into `dist/server/`, for React to render
 * its pages in the renderer's Node process. A remote's container is a CommonJS module that the
 * federation runtime fetches by its mf-manifest.json and evaluates, as a browser loads its entry; the
 * host (the shell) is a CommonJS module exporting what the renderer calls (`entry`).
 *
 * What differs from the browser build, and why:
 * - one file per app (no chunks): the runtime fetches a remote's entry over HTTP and evaluates it, so
 *   any chunk of it would need a loader of its own; the server has no first-load size to keep small;
 * - no styles: the browser build's stylesheets are the ones a rendered page links, and the renderer
 *   names them from the browser build's manifest;
 * - web-kit's modules read `document` and `localStorage` from server-globals.mjs (never the renderer's
 *   globals): the shared i18n module reads them when it starts;
 * - RTK Query reads while rendering, at the store's address (server-query.mjs), and tells the render
 *   its reads (server-render.mjs);
 * - web-kit's i18n module's one i18next instance is the render's own (server-i18next.mjs): renders in
 *   different languages run side by side;
 * - not minified: a server stack trace names the code.
 *
 * This file is not part of config.mjs on purpose: the browser builds stay as they are.
 *
 * @param {{ appDir: string, name: string, routes?: string, entry?: string }} app
 * @returns {(env: unknown, argv: { mode?: 'production' | 'development' }) => Promise<import('webpack').Configuration>}
 */
export function storefrontServerConfig({ appDir, name, routes, entry }) {
  return async (_env, argv) => {
    const production = argv.mode !== 'development';
    const pages = routes ? await remoteRoutes(appDir, routes) : undefined;
    return {
      context: appDir,
      target: 'async-node',
      entry: entry ? { render: entry } : {},
      devtool: false,
      output: {
        path: path.join(appDir, 'dist', 'server'),
        // where the browser build's files are (pictures' URLs): a remote's, where its manifest is
        publicPath: entry ? '/' : 'auto',
        filename: '[name].js',
        chunkFilename: '[name].js',
        uniqueName: `${name}-server`,
        library: entry ? { type: 'commonjs2' } : undefined,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: sourceAliases,
      },
      module: {
        // A file's URL (a picture's) is the browser build's, which that build writes, not this one.
        generator: { 'asset/resource': { emit: false } },
        rules: [
          ...sourceRules(production),
          // after the TypeScript rule, so that it runs first, on the module's source
          { include: webKitSources, test: /\.tsx?$/, loader: fileURLToPath(new URL('./server-globals-loader.mjs', import.meta.url)) },
          { test: /\.(png|jpe?g|webp|svg)$/, type: 'asset/resource' },
        ],
      },
      optimization: { minimize: false, splitChunks: false },
      plugins: [
        // A stylesheet imported for its effect is nothing on the server.
        new webpack.NormalModuleReplacementPlugin(/\.css$/, (resource) => {
          resource.request = 'data:text/javascript,';
        }),
        new webpack.NormalModuleReplacementPlugin(/^@reduxjs\/toolkit\/query\/react$/, (resource) => {
          if (resource.contextInfo.issuer !== serverQuery) resource.request = serverQuery;
        }),
        new webpack.NormalModuleReplacementPlugin(/^i18next$/, (resource) => {
          if (resource.contextInfo.issuer === webKitI18n) resource.request = serverI18next;
        }),
        new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
        new ModuleFederationPlugin({
          name,
          exposes: pages?.exposes,
          filename: pages ? 'remoteEntry.js' : undefined,
          library: pages ? { type: 'commonjs-module', name } : undefined,
          remoteType: 'script',
          manifest: pages
            ? {
                additionalData: ({ stats }) => {
                  Object.assign(stats.metaData, { routes: pages.published });
                },
              }
            : false,
          shared: sharedLibraries(),
          shareStrategy: 'loaded-first',
          dts: false,
        }),
      ],
      performance: { hints: false },
    };
  };
}
