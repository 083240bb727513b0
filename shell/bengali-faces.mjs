// The store's Bengali faces, written at each build (webpack.config.mjs) beside the build's sources:
// the stylesheet that declares them (imported by src/styles.css), and small faces cut from the font
// for the Bengali the English store shows, the taka sign in every price and the language switch's
// 'বাংলা'. Without those, an English page fetched a whole Bengali face (about 45 KB a weight) on its
// first load's critical path for a few glyphs; with them, under 1.5 KB each.
// unicode-range means a browser fetches a face only for the characters it covers: the whole faces'
// ranges are the font package's Bengali subset's without the taka sign, which has faces of its own in
// the same family (it stands alone, so a face of its own does not break the shaping of a word). The
// switch's word is shaped whole, in a family of its own.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const OUT_DIR = path.join(import.meta.dirname, '.generated');
const require = createRequire(import.meta.url);

const WHOLE =
  'U+0951-0952, U+0964-0965, U+0980-09F2, U+09F4-09FE, U+1CD0, U+1CD2, U+1CD5-1CD6, U+1CD8, U+1CE1, U+1CEA, U+1CED, U+1CF2, U+1CF5-1CF7, U+200C-200D, U+25CC, U+A8F1';
const NOTO = 'Noto Sans Bengali';
const fontFile = (weight) => `@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff2`;

/** Each face: its family, weight and range; `cut` for the small ones, the text they hold. */
const FACES = [
  { family: NOTO, weight: '400', range: WHOLE, src: fontFile(400) },
  { family: NOTO, weight: '700', range: WHOLE, src: fontFile(700) },
  { family: NOTO, weight: '400', range: 'U+09F3', cut: { from: 400, text: '৳', file: 'taka-400.woff2' } },
  { family: NOTO, weight: '700', range: 'U+09F3', cut: { from: 700, text: '৳', file: 'taka-700.woff2' } },
  { family: 'Bazar Language Name', weight: '100 900', cut: { from: 400, text: 'বাংলা', file: 'language-name-400.woff2' } },
];

const modified = (file) =>
  stat(file).then(
    (found) => found.mtimeMs,
    () => 0,
  );

async function writeCut({ from, text, file }) {
  const source = require.resolve(fontFile(from));
  const target = path.join(OUT_DIR, file);
  if ((await modified(target)) > Math.max(await modified(source), await modified(import.meta.filename))) return;
  await writeFile(target, await subsetFont(await readFile(source), text, { targetFormat: 'woff2' }));
}

const rule = ({ family, weight, range, src, cut }) =>
  [
    '@font-face {',
    `  font-family: '${family}';`,
    '  font-style: normal;',
    '  font-display: swap;',
    `  font-weight: ${weight};`,
    `  src: url('${src ?? `./${cut.file}`}') format('woff2');`,
    ...(range ? [`  unicode-range: ${range};`] : []),
    '}',
  ].join('\n');

export async function writeBengaliFaces() {
  await mkdir(OUT_DIR, { recursive: true });
  for (const { cut } of FACES) if (cut) await writeCut(cut);
  await writeFile(path.join(OUT_DIR, 'bengali-faces.css'), `${FACES.map(rule).join('\n')}\n`);
}
