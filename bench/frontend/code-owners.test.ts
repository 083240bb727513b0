import { SourceMapGenerator } from 'source-map-js';
import { bytesByOwner, ownerOf, packageOf } from './code-owners';

it('names the package a source comes from, the innermost node_modules winning', () => {
  expect(packageOf('webpack://shell/../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
  expect(packageOf('webpack://shell/../node_modules/@reduxjs/toolkit/dist/query/rtk-query.modern.mjs')).toBe('@reduxjs/toolkit');
  expect(packageOf('webpack://x/../node_modules/a/node_modules/immer/dist/immer.mjs')).toBe('immer');
  expect(packageOf('webpack://shell/webpack/runtime/remotes loading')).toBe('(webpack runtime)');
  expect(packageOf('webpack://shell/./src/layout/TopBar.tsx')).toBeUndefined();
  expect(packageOf('webpack://shell/../packages/web-kit/src/store.ts')).toBeUndefined();
});

it("counts React, the router, Redux Toolkit and federation's runtime as the card's, i18next as another library", () => {
  expect(ownerOf('webpack://a/../node_modules/react-router/dist/index.mjs')).toBe('card libraries');
  expect(ownerOf('webpack://a/../node_modules/@module-federation/runtime-core/dist/index.esm.js')).toBe('card libraries');
  expect(ownerOf('webpack://a/../node_modules/i18next/dist/esm/i18next.js')).toBe('other libraries');
  expect(ownerOf('webpack://a/../node_modules/react-router-extra/index.js')).toBe('other libraries');
  expect(ownerOf('webpack://a/./src/bootstrap.tsx')).toBe('our code');
});

it('shares a minified script out by the stretches its map gives each source, glue counted as ours', () => {
  // line 1: 10 characters of react-dom, 5 of ours, 4 of i18next; line 2: 3 characters no mapping covers
  const code = 'RRRRRRRRRROOOOOIIII\nGGG';
  const map = new SourceMapGenerator({ file: 'x.js' });
  const at = (column: number, source: string) =>
    map.addMapping({ generated: { line: 1, column }, original: { line: 1, column: 0 }, source });
  at(0, 'webpack://a/../node_modules/react-dom/index.js');
  at(10, 'webpack://a/./src/x.ts');
  at(15, 'webpack://a/../node_modules/i18next/index.js');
  expect(bytesByOwner(code, JSON.parse(map.toString()))).toEqual({ 'card libraries': 10, 'our code': 5 + 4, 'other libraries': 4 });
});
