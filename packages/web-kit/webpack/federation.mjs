// @ts-check
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

/**
 * Modules every app takes from the one share scope, so React, the router and the Redux store exist
 * once in the page. Entry points are listed separately because federation shares by import path.
 * A shared module is bundled whole (no app knows what the others use of it), so the router and
 * Redux are not shared as libraries: apps reach them only through web-kit's own modules, which
 * webpack tree-shakes to what they export (the store in `@bazar/web-kit`, the router in
 * `@bazar/web-kit/routing`, RTK Query in `@bazar/web-kit/api`).
 */
const singletons = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@bazar/web-kit',
  '@bazar/web-kit/routing',
  '@bazar/web-kit/api',
  // What the order pages share, the live order stream among it (one per tab, whichever remote's
  // page listens). The shell does not import it: a remote provides it, no shell redeploy needed.
  '@bazar/web-kit/orders',
  // The wishlist's read and hearts: the top bar's count (shell) and the catalog's hearts share one.
  '@bazar/web-kit/wishlist',
  // The one i18next instance (language, loaded message files) with its React binding. Apps reach
  // i18next and react-i18next only through it, so they are not shared whole: react-i18next is
  // tree-shaken to the hooks web-kit re-exports.
  '@bazar/web-kit/i18n',
  // The dialogs' library: one copy (and one popup at a time) for the whole page.
  'sweetalert2',
];

/**
 * Each app declares the versions it needs of each shared library (`requiredVersion`, from its
 * package.json's ranges); with `strictVersion` a remote whose range the page's copy does not satisfy
 * fails to load (its area shows the shell's fallback) instead of running against a library it was
 * not built for.
 *
 * @returns {Record<string, { singleton: true, strictVersion: true }>}
 */
export function sharedLibraries() {
  return Object.fromEntries(singletons.map((name) => [name, { singleton: true, strictVersion: true }]));
}

/**
 * The one way an app joins the federation. The shell passes no `exposes`; remotes are never
 * listed at build time: the shell registers them at run time from /mf-remotes.json.
 *
 * A remote's pages (src/pages.ts's `PublishedRoute`) go into its mf-manifest.json as
 * `metaData.routes`: the shell reads them there before it loads any of the remote's code.
 *
 * @param {{ name: string, exposes?: Record<string, string>, routes?: unknown[] }} app
 */
export function federation({ name, exposes, routes }) {
  return new ModuleFederationPlugin({
    name,
    exposes,
    filename: exposes ? 'remoteEntry.js' : undefined,
    manifest: routes
      ? {
          additionalData: ({ stats }) => {
            Object.assign(stats.metaData, { routes });
          },
        }
      : undefined,
    shared: sharedLibraries(),
    // The federation runtime exists once in the page, the shell's: the shell hands it to the remotes
    // (the plugin `provideExternalRuntime` adds, taken here in its ES build so that it shares the
    // runtime the shell's own code imports instead of bundling a CommonJS copy), and each remote's
    // entry uses it rather than carrying its own (~17 KB gzip less per remote entry). A remote
    // therefore loads only in a page whose shell provides the runtime, as every storefront page does.
    runtimePlugins: exposes ? [] : [fileURLToPath(import.meta.resolve('@module-federation/inject-external-runtime-core-plugin'))],
    // 'version-first' fetches every remote's entry at start-up, so one dead remote stalls the host.
    shareStrategy: 'loaded-first',
    dts: false,
    // Every app runs in the browser: the runtime's code for loading remotes in Node is left out.
    experiments: {
      optimization: { target: 'web' },
      ...(exposes && { externalRuntime: true }),
    },
  });
}
