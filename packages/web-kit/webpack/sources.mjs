// @ts-check
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_TIME } from './build-time-value.mjs';

/** How an app's sources are read, the same in its browser build (config.mjs) and its server build
 *  (server-config.mjs). */
export const contractsSource = fileURLToPath(new URL('../../contracts/src/index.ts', import.meta.url));
const declaredRoutes = fileURLToPath(new URL('../src/declared-routes.ts', import.meta.url));

/** The contracts package's `main` is its Node build; apps get its TypeScript source. SweetAlert2 is
 *  still imported (and shared) as 'sweetalert2', from its plain ES build: its default build injects
 *  its stylesheet unlayered, which would beat every Tailwind utility, and web-kit loads the
 *  stylesheet in a layer instead. */
export const sourceAliases = {
  '@bazar/contracts$': contractsSource,
  sweetalert2$: createRequire(import.meta.url).resolve('sweetalert2/dist/sweetalert2.esm.js'),
};

/**
 * The rules for an app's own sources: TypeScript and JSX through swc.
 * @param {boolean} production
 * @returns {import('webpack').RuleSetRule[]}
 */
export function sourceRules(production) {
  return [
    // Only what an app imports from the contracts is bundled (a price formatter must not bring
    // every zod schema along).
    { include: path.dirname(contractsSource), sideEffects: false },
    // The declared endpoints as the storefront's api calls them, worked out from the contracts'
    // declaration when building: the strings, not the zod schemas, reach the page.
    {
      include: declaredRoutes,
      resourceQuery: { not: [new RegExp(BUILD_TIME)] },
      loader: fileURLToPath(new URL('./build-time-value.mjs', import.meta.url)),
    },
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'swc-loader',
        options: {
          jsc: {
            target: 'es2022',
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !production } },
          },
        },
      },
    },
  ];
}
