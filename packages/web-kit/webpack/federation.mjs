// @ts-check
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

/**
 * Libraries every app takes from the one share scope, so React, the router and the Redux store
 * exist once in the page. Entry points are listed separately because federation shares by
 * import path. Transitive libraries (react-router, immer, reselect, redux) are not in the apps'
 * package.json, so they accept whatever version the host loaded.
 */
const singletons = {
  react: {},
  'react/jsx-runtime': {},
  'react-dom': {},
  'react-dom/client': {},
  'react-router-dom': {},
  'react-router': { requiredVersion: false },
  'react-router/dom': { requiredVersion: false },
  '@reduxjs/toolkit': {},
  '@reduxjs/toolkit/query': {},
  '@reduxjs/toolkit/query/react': {},
  'react-redux': {},
  immer: { requiredVersion: false },
  reselect: { requiredVersion: false },
  redux: { requiredVersion: false },
  '@bazar/web-kit': {},
  // The dialogs' library: one copy (and one popup at a time) for the whole page.
  sweetalert2: {},
};

/** @returns {Record<string, { singleton: true, requiredVersion?: false }>} */
export function sharedLibraries() {
  return Object.fromEntries(Object.entries(singletons).map(([name, options]) => [name, { singleton: true, ...options }]));
}

/**
 * The one way an app joins the federation. The shell passes no `exposes`; remotes are never
 * listed at build time: the shell registers them at run time from /mf-remotes.json.
 *
 * @param {{ name: string, exposes?: Record<string, string> }} app
 */
export function federation({ name, exposes }) {
  return new ModuleFederationPlugin({
    name,
    exposes,
    filename: exposes ? 'remoteEntry.js' : undefined,
    shared: sharedLibraries(),
    // 'version-first' fetches every remote's entry at start-up, so one dead remote stalls the host.
    shareStrategy: 'loaded-first',
    dts: false,
    // Every app runs in the browser: the runtime's code for loading remotes in Node is left out.
    experiments: { optimization: { target: 'web' } },
  });
}
