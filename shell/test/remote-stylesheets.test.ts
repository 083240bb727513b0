// What a remote's stylesheets may do to a page the shell already styled, read from the production
// builds (npm run build:web). A remote's sheet arrives after the first paint (mf-cart's with the
// catalog cards' stepper, a second after it on the home page), and Chromium restyles the whole page
// when a sheet registers a custom property (@property), even one registered already, or sets
// variables on :root: a long task in the page's Total Blocking Time. So the shell's first stylesheet
// registers the properties every app's utilities use (web-kit's styles/shared-properties.css) and
// holds the theme's variables and the reset; a remote's sheets carry their own scoped utilities only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const REMOTES = ['mf-catalog', 'mf-cart', 'mf-dashboard'];

function built(app: string): string {
  const dist = path.join(ROOT, app, 'dist');
  if (!existsSync(dist)) throw new Error(`${app}/dist is missing: build the storefront first (npm run build:web)`);
  return dist;
}

/** The stylesheet the shell's index.html links: in place before the first paint. */
function shellFirstStylesheet(): string {
  const dist = built('shell');
  const href = /<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+\.css)"/.exec(readFileSync(path.join(dist, 'index.html'), 'utf8'))?.[1];
  if (!href) throw new Error('shell/dist/index.html links no stylesheet');
  return readFileSync(path.join(dist, href), 'utf8');
}

const registered = (css: string) => [...css.matchAll(/@property\s+(--[\w-]+)/g)].map(([, name]) => name);

/** Each remote's built stylesheets, by file. */
const remoteSheets = () =>
  REMOTES.flatMap((remote) => {
    const dist = built(remote);
    return readdirSync(dist)
      .filter((file) => file.endsWith('.css'))
      .map((file) => ({ file: `${remote}/dist/${file}`, css: readFileSync(path.join(dist, file), 'utf8') }));
  });

test("the shell's first stylesheet registers the custom properties of every app's utilities", () => {
  // one of each group in shared-properties.css: a gradient's stops, leading, divide, shadows, filters
  expect(registered(shellFirstStylesheet())).toEqual(
    expect.arrayContaining(['--tw-gradient-from', '--tw-leading', '--tw-divide-y-reverse', '--tw-shadow', '--tw-blur']),
  );
});

test("a remote's stylesheets register none of the custom properties the shell registered", () => {
  const shell = new Set(registered(shellFirstStylesheet()));
  const again = remoteSheets().flatMap(({ file, css }) => registered(css).flatMap((name) => (shell.has(name) ? [`${file}: ${name}`] : [])));
  expect(again).toEqual([]);
});

test("a remote's stylesheets register no custom property at all: each is the shell's", () => {
  // A remote keeps the @property of a utility the shell does not register, so that it works when
  // released alone; this names it. Add the utility to packages/web-kit/styles/shared-properties.css
  // and release the shell before the remotes that leave it out.
  const own = remoteSheets().flatMap(({ file, css }) => registered(css).map((name) => `${file}: ${name}`));
  expect(own).toEqual([]);
});

test("a remote's stylesheets set no theme variables on :root and bring no reset", () => {
  const global = remoteSheets().flatMap(({ file, css }) =>
    [...css.matchAll(/@layer\s+(theme|base)\s*\{\s*([^}\s])/g)].map(([, layer]) => `${file}: @layer ${layer}`),
  );
  expect(global).toEqual([]);
});
