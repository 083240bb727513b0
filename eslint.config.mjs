// @ts-check
// One lint setup for the whole repository: `npm run lint` (eslint .) or `npx eslint <folder>`.
// JavaScript and TypeScript recommended rules everywhere (not type-aware: fast, no tsconfig needed);
// Node globals for servers, packages, infra and build files; browser globals and the rules of hooks
// for the storefront apps' sources. Formatting is Prettier's business (.prettierrc.json), not ESLint's.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Code that runs in the browser: the four storefront apps and the UI kit they share. */
const BROWSER_SOURCES = ['shell', 'mf-catalog', 'mf-cart', 'mf-dashboard', 'packages/web-kit'].map(
  (folder) => `${folder}/src/**/*.{js,jsx,ts,tsx}`,
);
/** The apps, which reach the router and the store only through web-kit's shared modules. */
const APP_SOURCES = ['shell', 'mf-catalog', 'mf-cart', 'mf-dashboard'].map((folder) => `${folder}/src/**/*.{js,jsx,ts,tsx}`);
/** Apps whose every visible text comes from their message files (src/messages/en.json, bn.json). */
const TRANSLATED_SOURCES = [
  ...['shell', 'mf-catalog', 'mf-cart', 'mf-dashboard', 'packages/web-kit'].map((folder) => `${folder}/src/**/*.tsx`),
];
/** Scripts served to the browser as they are: the Keycloak login theme's, the stack's trace page's. */
const THEME_SCRIPTS = ['infra/keycloak/themes/**/*.js', 'infra/jaeger/ui/**/*.js'];

export default defineConfig(
  globalIgnores(['**/dist/', '**/.stack/', '**/node_modules/', '**/coverage/', '**/test-results/', 'bench/out/', 'infra/keycloak/target/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, globals: globals.node },
  },
  {
    files: BROWSER_SOURCES,
    languageOptions: { globals: globals.browser },
    ...reactHooks.configs.flat.recommended,
  },
  {
    // One router, one store, one api and one i18next in the page: an app importing these libraries
    // itself would bundle a second copy (another router context, store binding, api or i18next; see
    // packages/web-kit/webpack/federation.mjs). Their types are fine.
    files: APP_SOURCES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom', 'react-router/dom'].map((name) => ({
            name,
            message: "Import routing from '@bazar/web-kit/routing'.",
            allowTypeImports: true,
          })),
          patterns: [
            { group: ['react-redux'], message: "Use StoreProvider, useStore or useSession from '@bazar/web-kit'.", allowTypeImports: true },
            {
              group: ['@reduxjs/toolkit/query', '@reduxjs/toolkit/query/*'],
              message: "Extend storefrontApi from '@bazar/web-kit/api'.",
              allowTypeImports: true,
            },
            {
              group: ['i18next', 'react-i18next', 'i18next-*'],
              message: "Use the page's one i18next instance through '@bazar/web-kit/i18n'.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // No text written into the markup: what a shopper reads or hears (text, labels, placeholders,
    // titles) goes through i18next, so it exists in English and in Bangla.
    files: TRANSLATED_SOURCES,
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'alt', 'title', 'placeholder', 'label', 'what', 'text'] },
          // the plugin's own list, and react-hook-form's register('fieldName')
          callees: {
            exclude: ['i18n(ext)?', 't', 'require', 'addEventListener', 'removeEventListener', 'dispatch', 'includes', 'register'],
          },
        },
      ],
    },
  },
  {
    files: THEME_SCRIPTS,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.test.{js,ts,tsx}', '**/test/**/*.{js,ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    // `_`-prefixed names are deliberately unused (express error handlers, destructuring to omit).
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
);
