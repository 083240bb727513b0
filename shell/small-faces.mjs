// Small faces cut from the store's Bengali font for the Bengali the English store shows: the taka sign
// in every price, and the language switch's 'বাংলা'. Without them an English page fetched a whole
// Bengali face (about 45 KB a weight) on its first load's critical path for these few glyphs; with
// them, under 1.5 KB each. styles.css says which text takes which face. Written beside the build's
// sources at each build (webpack.config.mjs), from the installed font package.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const OUT_DIR = path.join(import.meta.dirname, '.generated');
const require = createRequire(import.meta.url);

/** Each face's file, the weight of the font it is cut from, and the text it holds. */
const FACES = [
  { file: 'taka-400.woff2', weight: 400, text: '৳' },
  { file: 'taka-700.woff2', weight: 700, text: '৳' },
  // shaped as a word: the face keeps what joining its letters needs
  { file: 'language-name-400.woff2', weight: 400, text: 'বাংলা' },
];

const source = (weight) => require.resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff2`);
const modified = (file) =>
  stat(file).then(
    (found) => found.mtimeMs,
    () => 0,
  );

export async function writeSmallFaces() {
  await mkdir(OUT_DIR, { recursive: true });
  for (const { file, weight, text } of FACES) {
    const target = path.join(OUT_DIR, file);
    if ((await modified(target)) > Math.max(await modified(source(weight)), await modified(import.meta.filename))) continue;
    await writeFile(target, await subsetFont(await readFile(source(weight)), text, { targetFormat: 'woff2' }));
  }
}
