// Whose code a page's scripts are, byte by byte: each script's source map (the builds keep their
// maps beside the scripts, and nginx does not serve them) says which source file every stretch of
// the minified script came from, as source-map-explorer counts it; a script's gzip bytes are then
// shared out in the same proportions. Issue 56 holds a public page to the card's libraries plus at
// most 40 KB gzip of everything else.
import { glob, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

/** Whose code a stretch of a script is. */
export type Owner = 'card libraries' | 'our code' | 'other libraries';

/** The card's libraries (issue 56): React, React Router, Redux Toolkit (with Redux, its immer and
 *  reselect, and react-redux, the React binding its hooks are made of), Module Federation's runtime
 *  and the bundler's runtime it is built into. */
const CARD_PACKAGES = [
  /^react$/,
  /^react-dom$/,
  /^scheduler$/,
  /^react-router(-dom)?$/,
  /^@reduxjs\/toolkit$/,
  /^redux$/,
  /^redux-thunk$/,
  /^immer$/,
  /^reselect$/,
  /^react-redux$/,
  /^use-sync-external-store$/,
  /^@module-federation\//,
];

/** The package a source of the map belongs to, or undefined for the store's own files. */
export function packageOf(source: string): string | undefined {
  const path = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(source);
  if (path) return path[1];
  if (/^webpack:\/\/[^/]*\/webpack\//.test(source) || source.startsWith('webpack/')) return '(webpack runtime)';
  return undefined;
}

export function ownerOf(source: string): Owner {
  const pkg = packageOf(source);
  if (pkg === undefined) return 'our code';
  if (pkg === '(webpack runtime)' || CARD_PACKAGES.some((card) => card.test(pkg))) return 'card libraries';
  return 'other libraries';
}

/** How many bytes of `code` each owner wrote, by its source map; bytes no mapping covers (the
 *  bundler's glue between modules) are counted as the store's own. */
export function bytesByOwner(code: string, map: RawSourceMap): Record<Owner, number> {
  const lines = code.split('\n');
  const owned: Record<Owner, number> = { 'card libraries': 0, 'our code': 0, 'other libraries': 0 };
  const consumer = new SourceMapConsumer(map);
  let last: { line: number; column: number; owner: Owner } | undefined;
  const close = (line: number, column: number) => {
    if (!last) return;
    // a stretch runs to the next mapping, or to its line's end when the next is on a later line
    const end = line === last.line ? column : lines[last.line - 1]!.length;
    owned[last.owner] += Math.max(0, end - last.column);
  };
  consumer.eachMapping((mapping) => {
    close(mapping.generatedLine, mapping.generatedColumn);
    last = mapping.source ? { line: mapping.generatedLine, column: mapping.generatedColumn, owner: ownerOf(mapping.source) } : undefined;
  });
  if (last) owned[last.owner] += Math.max(0, lines[last.line - 1]!.length - last.column);
  const mapped = owned['card libraries'] + owned['our code'] + owned['other libraries'];
  owned['our code'] += Math.max(0, code.length - mapped);
  return owned;
}

/** The built script behind a served path (`/x.js` of the shell, `/mf/<remote>/x.js` of a remote)
 *  and its map: the app's build first, then any release of it kept by the stack. */
export async function builtScript(root: string, servedPath: string): Promise<{ code: string; map: RawSourceMap } | undefined> {
  const remote = /^\/mf\/(\w+)\//.exec(servedPath)?.[1];
  const file = basename(servedPath);
  const read = async (path: string) => {
    const [code, map] = await Promise.all([readFile(path, 'utf8'), readFile(`${path}.map`, 'utf8')]).catch(() => []);
    return code !== undefined && map !== undefined ? { code, map: JSON.parse(map) as RawSourceMap } : undefined;
  };
  const built = await read(join(root, remote ? `mf-${remote}` : 'shell', 'dist', file));
  if (built) return built;
  // only a released remote's file is looked for among the releases the stack keeps
  for await (const kept of glob(`.stack/releases/**/${file}`, { cwd: root })) {
    const released = await read(join(root, kept));
    if (released) return released;
  }
  return undefined;
}
