// @ts-check
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { StatsWriterPlugin } from 'webpack-stats-plugin';
import { federation } from './federation.mjs';
import { remoteRoutes } from './routes.mjs';
import { withoutShellProperties } from './shell-properties.mjs';
import { sourceAliases, sourceRules } from './sources.mjs';

/**
 * The webpack config every storefront app is built with: TypeScript and JSX through swc, the swc
 * minifier, Tailwind through PostCSS into content-hashed CSS files, and the federation plugin.
 *
 * A remote names its pages' file (`routes`, see src/pages.ts): each page is exposed as a module of
 * its own and the list is published in the remote's mf-manifest.json. It may also expose `modules`
 * that other remotes load into their own pages (mf-cart's `./add-to-cart`, on the catalog's cards).
 *
 * @param {{
 *   appDir: string,
 *   name: string,
 *   publicPath: string,
 *   routes?: string,
 *   modules?: Record<string, string>,
 *   html?: { title: string, template: string },
 * }} app
 * @returns {(env: unknown, argv: { mode?: 'production' | 'development' }) => Promise<import('webpack').Configuration>}
 */
export function storefrontConfig({ appDir, name, publicPath, routes, modules, html }) {
  return async (_env, argv) => {
    const production = argv.mode !== 'development';
    const pages = routes ? await remoteRoutes(appDir, routes) : undefined;
    const exposes = pages && { ...pages.exposes, ...modules };
    return {
      context: appDir,
      // A remote's only entry is the container federation adds for its exposed modules.
      entry: exposes ? {} : './src/index.ts',
      // Production maps are written for an error tracker but named nowhere in the code, and the
      // web servers refuse *.map: the sources are not published with the store.
      devtool: production ? 'hidden-source-map' : 'source-map',
      output: {
        path: path.join(appDir, 'dist'),
        publicPath,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: sourceAliases,
      },
      module: {
        rules: [
          ...sourceRules(production),
          {
            test: /\.css$/,
            use: [
              MiniCssExtractPlugin.loader,
              { loader: 'css-loader', options: { importLoaders: 1 } },
              {
                loader: 'postcss-loader',
                options: {
                  postcssOptions: {
                    plugins: cssPlugins({ appDir, name, remote: Boolean(exposes), production }),
                  },
                },
              },
            ],
          },
          // Files in public/ keep their names: their URLs are fixed by deployment (a manifest
          // replaced at deploy time, a page registered with the identity provider).
          {
            include: path.join(appDir, 'public'),
            type: 'asset/resource',
            generator: { filename: '[name][ext]' },
          },
          { test: /\.(png|jpe?g|webp|svg)$/, exclude: path.join(appDir, 'public'), type: 'asset/resource' },
        ],
      },
      optimization: {
        minimizer: [new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify } })],
        // A stylesheet that several pages import is one file, however small: below webpack's 20 KB
        // it would be copied into each page's CSS, fetched again on each page and its rules
        // inserted again.
        splitChunks: { cacheGroups: { sharedStylesheets: { type: 'css/mini-extract', chunks: 'async', minChunks: 2, minSize: 0 } } },
      },
      plugins: [
        federation({ name, exposes, routes: pages?.published }),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:8].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        }),
        ...(html ? [new HtmlWebpackPlugin({ title: html.title, template: html.template })] : []),
        ...(exposes ? [] : [chunkGraph()]),
      ],
      performance: { hints: false },
    };
  };
}

/**
 * The host's chunk graph, `dist/chunk-graph.json`: each chunk's files, the modules in it (the
 * shared libraries' providers and consumers among them) and the modules whose imports load it.
 * webpack's own stats, trimmed to what infra/test/bundle-budget.test.ts follows to find what the
 * page fetches before its first render; a remote's page is measured from its mf-manifest.json.
 */
function chunkGraph() {
  return new StatsWriterPlugin({
    filename: 'chunk-graph.json',
    stats: {
      all: false,
      ids: true,
      chunks: true,
      chunkModules: true,
      chunkModulesSpace: Infinity,
      dependentModules: true,
      chunkOrigins: true,
      nestedModules: false,
    },
    transform: ({ chunks = [] }) =>
      JSON.stringify(
        chunks.map(({ id, files, modules = [], origins = [] }) => ({
          id,
          files,
          modules: modules.flatMap(({ name, moduleType }) => (name ? [{ name, type: moduleType }] : [])),
          loadedBy: origins.map(({ moduleName }) => moduleName),
        })),
      ),
  });
}

/**
 * Tailwind, and for a remote a scope: every remote generates its own utilities, and a remote's
 * `.hidden` loaded after the shell's `md:block` would otherwise hide the shell's own elements.
 * Scoped under `[data-remote="<name>"]` (the wrapper the shell renders around each remote's
 * pages), a remote's rules reach only its own elements. A remote's sheet also leaves out the custom
 * properties' registrations (`@property`) that the shell makes for every app (shell-properties.mjs):
 * registering them again would restyle the whole page when the sheet arrives.
 *
 * @param {{ appDir: string, name: string, remote: boolean, production: boolean }} app
 */
function cssPlugins({ appDir, name, remote, production }) {
  /** @type {Array<[string, object] | import('postcss').Plugin>} */
  const plugins = [['@tailwindcss/postcss', { base: appDir, optimize: production }]];
  if (remote) {
    plugins.push(withoutShellProperties(appDir));
    plugins.push(['postcss-prefix-selector', { prefix: `[data-remote="${name}"]`, skipGlobalSelectors: true, exclude: [':host'] }]);
  }
  return plugins;
}
